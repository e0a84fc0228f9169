import fc from 'fast-check';
import { parseTraceparent, TRACEPARENT_RANDOM_BYTES, traceparentFrom } from '../../domain/trace-context';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('traceparentFrom', () => {
  test('the random bytes become a sampled version-00 header: trace id first, then span id', () => {
    const random = bytes(...Array.from({ length: TRACEPARENT_RANDOM_BYTES }, (_, index) => index * 10));
    expect(traceparentFrom(random)).toBe('00-000a141e28323c46505a646e78828c96-a0aab4bec8d2dce6-01');
  });

  test('any random bytes give a header the api accepts, with the same ids back', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: TRACEPARENT_RANDOM_BYTES, maxLength: TRACEPARENT_RANDOM_BYTES }),
        (random) => {
          const header = traceparentFrom(random);
          const parsed = parseTraceparent(header);
          expect(parsed).toMatchObject({ sampled: true });
          expect(header).toBe(`00-${parsed?.traceId}-${parsed?.spanId}-01`);
        },
      ),
    );
  });

  test('all-zero ids, which name no trace, never go out', () => {
    const header = traceparentFrom(new Uint8Array(TRACEPARENT_RANDOM_BYTES));
    expect(header).toBe(`00-${'0'.repeat(30)}01-${'0'.repeat(14)}01-01`);
    expect(parseTraceparent(header)).not.toBeNull();
  });

  test('a wrong number of bytes is refused', () => {
    expect(() => traceparentFrom(new Uint8Array(16))).toThrow(RangeError);
  });
});

describe('parseTraceparent', () => {
  const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
  const span = '00f067aa0ba902b7';

  test('reads the ids and the sampled flag', () => {
    expect(parseTraceparent(`00-${trace}-${span}-01`)).toEqual({ traceId: trace, spanId: span, sampled: true });
    expect(parseTraceparent(`00-${trace}-${span}-00`)).toEqual({ traceId: trace, spanId: span, sampled: false });
  });

  test.each([
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${span}-01`],
    ['an all-zero span id', `00-${trace}-${'0'.repeat(16)}-01`],
    ['uppercase hex', `00-${trace.toUpperCase()}-${span}-01`],
    ['another version', `01-${trace}-${span}-01`],
    ['a short trace id', `00-${trace.slice(1)}-${span}-01`],
    ['extra text', `00-${trace}-${span}-01-x`],
    ['nothing', ''],
  ])('refuses %s', (_, value) => {
    expect(parseTraceparent(value)).toBeNull();
  });
});
