/**
 * A URL as a message may quote it: a user name and password in it (`https://ops:secret@host`) become `***`, in
 * text that does not even parse as a URL too. Error messages end up in logs and on terminals; credentials must not.
 */
export const redactUrl = (text: string): string => text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@');
