import { Migration } from '@mikro-orm/migrations';

/** A booked call carries the number to call (E.164); the calls booked before have none. */
export class Migration20261212000000_call_booking_phone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "call_bookings" add column "phone" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "call_bookings" drop column "phone";`);
  }
}
