import { CONTACT_MESSAGES, phoneNumberLabel } from '../../domain/contact';
import { callBookingSchema } from '../../domain/schemas/contact';

/**
 * The number a visitor gives when booking a call (the schema the form and the api share): French
 * numbers as people type them, international ones with their prefix, kept as E.164; anything else
 * refused with a French message saying how to write it.
 */
const booking = (phone: unknown) => ({
  startsAt: '2030-01-07T09:00:00.000Z',
  name: 'Camille Martin',
  email: 'camille@example.com',
  phone,
});

const phoneOf = (phone: unknown) => callBookingSchema.parse(booking(phone)).phone;

function refusalOf(phone: unknown): string | undefined {
  const parsed = callBookingSchema.safeParse(booking(phone));
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'phone')?.message;
}

test.each([
  ['06 12 34 56 78', '+33612345678'],
  ['0612345678', '+33612345678'],
  ['06.12.34.56.78', '+33612345678'],
  ['+33 6 12 34 56 78', '+33612345678'],
  ['01 23 45 67 89', '+33123456789'],
])('the French number %s is kept as %s', (typed, e164) => {
  expect(phoneOf(typed)).toBe(e164);
});

test.each([
  ['+44 20 7946 0958', '+442079460958'],
  ['+1 202 555 0143', '+12025550143'],
  ['0044 20 7946 0958', '+442079460958'],
])('the international number %s is kept as %s', (typed, e164) => {
  expect(phoneOf(typed)).toBe(e164);
});

test.each(['06 12 34', '12', '+44 12', 'appelez-moi', '06 12 34 56 78 90 12', '+33 6 12 34 56 78'.repeat(3)])(
  '%s is refused with the French explanation',
  (typed) => {
    expect(refusalOf(typed)).toBe(CONTACT_MESSAGES.phoneInvalid);
  },
);

test.each([undefined, '', '   '])('a booking without a number (%p) is refused: the call needs one', (typed) => {
  expect(refusalOf(typed)).toBe(CONTACT_MESSAGES.phoneRequired);
});

test('a stored number reads grouped with its prefix, as the team sees it', () => {
  expect(phoneNumberLabel(phoneOf('0612345678'))).toBe('+33 6 12 34 56 78');
  expect(phoneNumberLabel(phoneOf('+44 20 7946 0958'))).toBe('+44 20 7946 0958');
});
