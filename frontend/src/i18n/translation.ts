/** A French bundle's English twin: the same keys, and lists, holding any text. */
export type Translation<French> = {
  [K in keyof French]: French[K] extends string
    ? string
    : French[K] extends readonly string[]
      ? readonly string[]
      : Translation<French[K]>;
};
