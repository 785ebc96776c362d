/** A failed call: `code` is a catalogue code (or `network_error`), translated by the UI as errors.<code>. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
