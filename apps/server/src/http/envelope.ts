import { type Envelope, SUCCESS_CODE } from '@sea/contracts';

export function ok<T>(value: T, message = 'OK'): Envelope<T> {
  return { success: true, value, message, code: SUCCESS_CODE };
}

export function fail(code: string, message: string, value: unknown = null): Envelope<unknown> {
  return { success: false, value, message, code };
}
