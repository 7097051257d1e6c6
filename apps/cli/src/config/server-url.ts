import { redactUrl } from '@assay/client';
import ipaddr from 'ipaddr.js';
import { UsageError } from '../errors.js';

/** This machine: `localhost`, 127.0.0.0/8 or ::1 (IPv4-mapped too). What is sent there does not cross a network. */
export const isLoopbackHost = (hostname: string): boolean => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
};

export interface ServerUrlRules {
  /** What the URL is called in messages: `--url`, `ASSAY_URL`, `the profile "work"`. */
  source: string;
  /** Plain http to another machine was accepted explicitly (`--insecure-http`, ASSAY_INSECURE_HTTP=1). */
  insecureHttp: boolean;
}

/** Plain http to another machine: the API key would cross the network unencrypted. */
export const isPlainHttpOffLoopback = (url: URL): boolean => url.protocol === 'http:' && !isLoopbackHost(url.hostname);

/**
 * The server's URL, checked before any key is sent to it: http(s); no user name or password in it (Assay takes
 * the API key, fetch refuses such URLs, and a message quoting the URL would show the password); plain http only
 * to this machine unless accepted explicitly. Answers it without trailing slashes; a usage error otherwise.
 */
export const checkServerUrl = (value: string, rules: ServerUrlRules): string => {
  if (!URL.canParse(value)) throw new UsageError(`${rules.source} ${redactUrl(value)} is not a URL.`);
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${rules.source} must be an http(s) URL.`);
  if (url.username || url.password) {
    throw new UsageError(`${rules.source} ${redactUrl(value)} holds a user name or password: give the server's URL alone, and the API key with --key.`);
  }
  if (isPlainHttpOffLoopback(url) && !rules.insecureHttp) {
    throw new UsageError(
      `${rules.source} ${value} is plain http to another machine: the API key would cross the network unencrypted. ` +
        'Use https://, or accept that with --insecure-http (ASSAY_INSECURE_HTTP=1 for ASSAY_URL).',
    );
  }
  return value.replace(/\/+$/, '');
};
