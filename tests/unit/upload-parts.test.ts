import fc from 'fast-check';
import {
  MAX_FILE_SIZE_BYTES,
  UPLOAD_PARALLEL_LIMIT,
  partCount,
  uploadPartLength,
  uploadPartSize,
} from '../../domain/uploads';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

test('a file is cut in 8 MiB parts up to 78 GiB, then in the whole MiB that keeps it within 10,000 parts', () => {
  expect(uploadPartSize(0)).toBe(8 * MIB);
  expect(partCount(0)).toBe(1);
  expect(uploadPartSize(250 * MIB)).toBe(8 * MIB);
  expect(partCount(250 * MIB)).toBe(32);
  expect(uploadPartSize(78 * GIB)).toBe(8 * MIB);
  expect(uploadPartSize(79 * GIB)).toBe(9 * MIB);
  expect(uploadPartSize(156 * GIB)).toBe(16 * MIB);
  // 500 GB, the largest file taken: 47.7 MiB a part, rounded up.
  expect(uploadPartSize(MAX_FILE_SIZE_BYTES)).toBe(48 * MIB);
  expect(partCount(MAX_FILE_SIZE_BYTES)).toBe(9935);
});

test('a reload costs at most 16 MiB (the parts in flight) for every file up to 78 GiB', () => {
  expect(UPLOAD_PARALLEL_LIMIT * uploadPartSize(78 * GIB)).toBeLessThanOrEqual(16 * MIB);
});

test('every size S3 takes: parts of at least 5 MiB, whole MiB, at most 10,000 of them', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: MAX_FILE_SIZE_BYTES }), (size) => {
      const part = uploadPartSize(size);
      expect(part).toBeGreaterThanOrEqual(5 * MIB);
      expect(part % MIB).toBe(0);
      expect(partCount(size)).toBeLessThanOrEqual(10_000);
      expect(partCount(size) * part).toBeGreaterThanOrEqual(size);
    }),
  );
});

test('each part has the exact length its URL is signed for: full parts, then the rest', () => {
  expect(uploadPartLength(100, 1)).toBe(100);
  expect(uploadPartLength(0, 1)).toBe(0);
  expect([1, 2, 3].map((part) => uploadPartLength(16 * MIB + 1, part))).toEqual([8 * MIB, 8 * MIB, 1]);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: MAX_FILE_SIZE_BYTES }), (size) => {
      const parts = partCount(size);
      const last = uploadPartLength(size, parts);
      // The parts add up to the file, and only the last one may be shorter.
      expect((parts - 1) * uploadPartSize(size) + last).toBe(size);
      expect(last).toBeLessThanOrEqual(uploadPartSize(size));
      if (size > 0) expect(last).toBeGreaterThan(0);
    }),
  );
});
