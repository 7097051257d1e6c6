import { findTimeZone, parseWireDateTime, timeZoneTable } from '@assay/domain/core';
import { MAX_PAGE_SIZE } from '@assay/domain/schemas';
import { InvalidArgumentError } from 'commander';

/** Ids are positive whole numbers (spec: integers from 1). */
export const parseId = (value: string): number => {
  if (!/^[1-9][0-9]{0,14}$/.test(value)) throw new InvalidArgumentError('must be a positive whole number.');
  return Number(value);
};

export const parsePageNumber = (value: string): number => parseId(value);

export const parsePageSize = (value: string): number => {
  const size = parseId(value);
  if (size > MAX_PAGE_SIZE) throw new InvalidArgumentError(`must be at most ${MAX_PAGE_SIZE}.`);
  return size;
};

/** Extra time, as registration takes it (extraTimePercent): a whole percentage of the test's duration, 0 to 100. */
export const parseExtraTime = (value: string): number => {
  if (!/^(100|[1-9]?[0-9])$/.test(value)) throw new InvalidArgumentError('must be a whole percentage from 0 to 100.');
  return Number(value);
};

/** The spec's wire format: UTC, `YYYY-MM-DDTHH:MM:SS`, no zone suffix — checked here, before any request. */
export const parseWireDate = (value: string): string => {
  if (parseWireDateTime(value) === undefined) {
    throw new InvalidArgumentError('must be a real UTC date-time written YYYY-MM-DDTHH:MM:SS (no zone suffix).');
  }
  return value;
};

/** A timeZoneId from the table, or its IANA name (`Europe/Paris`), compared ignoring case. */
export const parseTimeZone = (value: string): number => {
  const byId = /^[0-9]+$/.test(value) ? findTimeZone(Number(value)) : undefined;
  const zone = byId ?? timeZoneTable.find((candidate) => candidate.iana.toLowerCase() === value.toLowerCase());
  if (!zone) throw new InvalidArgumentError('must be a timeZoneId from the table (`assay timezones`) or its IANA name, e.g. 1720 or Asia/Kolkata.');
  return zone.timeZoneId;
};

/** An ISO 8601 instant with a zone (`2026-04-01T00:00:00Z`), as the events window takes it. */
export const parseInstant = (value: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InvalidArgumentError('must be an ISO 8601 date-time with a zone, e.g. 2026-04-01T00:00:00Z.');
  }
  return new Date(value).toISOString();
};
