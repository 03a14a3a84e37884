// The service's answers and limits, for a feature's own routes.
export { apiError, apiMessages } from '../api-errors.ts';
export { diskFullBody } from '../disk-full.ts';
export { isDiskFull } from '../storage/disk-full-error.ts';
export { createRateLimiter, type AddressCounts } from '../rate-limit.ts';
