/** Limits no functional test reaches, so only the security suite (which sets low ones) ever sees a 429. */
export const GENEROUS_RATE_LIMITS: Record<string, string> = {
  ASSAY_RATE_LIMIT_ORG_API: '1000000/1m',
  ASSAY_RATE_LIMIT_CANDIDATE_API: '1000000/1m',
  ASSAY_RATE_LIMIT_REGISTRATION: '1000000/1m',
  ASSAY_RATE_LIMIT_REPORT_URL: '1000000/1m',
  ASSAY_RATE_LIMIT_BAD_API_KEY: '1000000/1m',
  ASSAY_RATE_LIMIT_BAD_ADMIN_TOKEN: '1000000/1m',
};
