/** The shape a translation must have: the same keys as the English text, any strings. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
