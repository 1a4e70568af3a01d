// Rule violations are named errors carrying the Swedish message; the api maps the kind to a
// status code (rejected -> 400, not_found -> 404, conflict -> 409, unauthorized -> 401).

export type DomainErrorKind = 'rejected' | 'not_found' | 'conflict' | 'unauthorized' | 'forbidden';

/**
 * What a refusal is, for a caller that acts on it (never on its text): `already_cancelled` (the
 * booking was cancelled before: a repeated cancellation is done, not failed).
 */
export type DomainErrorCode = 'already_cancelled';

export class DomainError extends Error {
  constructor(
    message: string,
    readonly kind: DomainErrorKind = 'rejected',
    readonly code: DomainErrorCode | null = null,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const reject = (message: string): never => {
  throw new DomainError(message, 'rejected');
};

export const notFound = (message: string): never => {
  throw new DomainError(message, 'not_found');
};
