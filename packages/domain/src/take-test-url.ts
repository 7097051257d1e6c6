/** Where a candidate takes the test: an absolute URL under ASSAY_PUBLIC_URL with the invitation's token. */
export const takeTestUrl = (publicUrl: string, token: string): string => `${publicUrl}/t/${token}`;
