import { Migration } from '@mikro-orm/migrations';

/**
 * The initial schema: briefs, projects and their timeline, files, messages and revisions,
 * notifications, editor profiles and applications, admin settings (with their defaults) and the
 * processed Stripe events. Generated from the entities, then reviewed by hand: named CHECK
 * constraints, descending and partial indexes, defaults.
 */
export class Migration20261122000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "briefs" (
        "id" uuid not null default gen_random_uuid(),
        "funnel" text not null constraint "briefs_funnel_check" check ("funnel" in ('wizard', 'full')),
        "status" text not null default 'pending_payment' constraint "briefs_status_check" check ("status" in ('pending_payment', 'paid', 'expired', 'cancelled')),
        "client_id" text null,
        "email" text not null,
        "project_name" text null,
        "video_type" text null,
        "video_type_custom" text null,
        "video_types" text[] not null default '{}',
        "objective" text null,
        "objective_custom" text null,
        "target_audience" text null,
        "service_category" text null,
        "visual_complexity" text null,
        "technical_requirements" text[] not null default '{}',
        "special_features" text[] not null default '{}',
        "rush_types" text[] not null default '{}',
        "total_rush_duration_minutes" numeric(10,2) null,
        "final_duration_minutes" numeric(10,2) null,
        "desired_final_duration" text null,
        "number_of_files" text null,
        "rush_content" text null,
        "rush_quality" text null,
        "download_link" text null,
        "additional_files" text null,
        "file_links" text[] not null default '{}',
        "source_files" jsonb null,
        "uploaded_files" jsonb not null default '[]',
        "analysis" jsonb null,
        "output_format" text null,
        "resolution" text null,
        "aspect_ratio" text null,
        "max_file_size" text null,
        "distribution_platforms" text[] not null default '{}',
        "visual_style" text null,
        "rhythm" text null,
        "reference_videos" text[] not null default '{}',
        "color_palette_ambiance" text null,
        "music_option" text null,
        "editing_style" text null,
        "custom_editing_style" text null,
        "delivery_formats" text[] not null default '{}',
        "deadline" text null,
        "creative_brief" text null,
        "constraints" text null,
        "language" text null,
        "main_language" text null,
        "needs_subtitles" boolean not null default false,
        "subtitle_type" text null,
        "subtitles_language" text null,
        "voiceover_needed" boolean not null default false,
        "voiceover_language" text null,
        "voiceover_provided" boolean not null default false,
        "desired_delivery_date" date null,
        "number_of_versions" int not null default 1,
        "expected_deliverables" text[] not null default '{}',
        "confirm_rushes_rights" boolean not null default false,
        "confirm_music_rights" boolean not null default false,
        "youtube_type" text null,
        "video_duration" text null,
        "express_delivery" boolean not null default false,
        "delivery_destination" text null,
        "additional_notes" text null,
        "declared_estimated_hours" numeric(10,2) null,
        "declared_total_price_cents" int null,
        "currency" text not null default 'EUR' constraint "briefs_currency_check" check ("currency" in ('EUR', 'USD')),
        "estimated_hours" numeric(8,2) null,
        "estimated_delivery_days" int null,
        "price_cents" int null,
        "offer_price_cents" int null,
        "launch_offer_applied" boolean not null default false,
        "stripe_checkout_session_id" text null,
        "stripe_payment_intent_id" text null,
        "amount_paid_cents" int null,
        "paid_at" timestamptz null,
        "expires_at" timestamptz null,
        "idempotency_key" text null,
        "submitted_payload" jsonb not null default '{}',
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "briefs_pkey" primary key ("id"),
        constraint "briefs_number_of_versions_check" check (number_of_versions >= 1),
        constraint "briefs_price_cents_check" check (price_cents >= 0),
        constraint "briefs_offer_price_cents_check" check (offer_price_cents >= 0),
        constraint "briefs_amount_paid_cents_check" check (amount_paid_cents >= 0)
      );
    `);
    this.addSql(
      `alter table "briefs" add constraint "briefs_stripe_checkout_session_id_unique" unique ("stripe_checkout_session_id");`,
    );
    this.addSql(`alter table "briefs" add constraint "briefs_idempotency_key_unique" unique ("idempotency_key");`);
    this.addSql(`create index "briefs_email_created_at_index" on "briefs" ("email", "created_at" desc);`);
    this.addSql(
      `create index "briefs_client_id_created_at_index" on "briefs" ("client_id", "created_at" desc) where "client_id" is not null;`,
    );
    this.addSql(
      `create index "briefs_pending_created_at_index" on "briefs" ("created_at") where "status" = 'pending_payment';`,
    );

    this.addSql(`
      create table "editor_applications" (
        "id" uuid not null default gen_random_uuid(),
        "first_name" text not null,
        "last_name" text not null,
        "email" text not null,
        "phone" text null,
        "address" text null,
        "profile_photo_url" text null,
        "payment_method" text null constraint "editor_applications_payment_method_check" check ("payment_method" in ('IBAN', 'PayPal', 'Wise', 'Autre')),
        "complexity_levels" text[] not null default '{}',
        "specialty_domains" text[] not null default '{}',
        "video_specialties" text[] not null default '{}',
        "technical_competencies" text[] not null default '{}',
        "software_mastered" text[] not null default '{}',
        "other_software" text null,
        "specialties" text[] not null default '{}',
        "languages" text[] not null default '{}',
        "timezone" text not null default 'Europe/Paris',
        "availability_days" text[] not null default '{}',
        "availability_start_time" time(0) null,
        "availability_end_time" time(0) null,
        "unavailable_periods" text[] not null default '{}',
        "availability_hours_per_week" int null,
        "experience_years" int null,
        "experience_description" text null,
        "hourly_rate" numeric(8,2) null,
        "motivation" text null,
        "technical_skills" text null,
        "equipment_description" text null,
        "portfolio_links" text[] not null default '{}',
        "preferred_client_types" text[] not null default '{}',
        "preferred_video_genres" text[] not null default '{}',
        "accepts_terms" boolean not null,
        "accepts_privacy" boolean not null,
        "accepts_contract" boolean not null,
        "authorizes_portfolio_use" boolean not null default false,
        "status" text not null default 'pending' constraint "editor_applications_status_check" check ("status" in ('pending', 'contacted', 'approved', 'rejected')),
        "admin_notes" text null,
        "reviewed_by" text null,
        "reviewed_at" timestamptz null,
        "invited_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "editor_applications_pkey" primary key ("id"),
        constraint "editor_applications_availability_hours_per_week_check" check (availability_hours_per_week >= 0),
        constraint "editor_applications_experience_years_check" check (experience_years >= 0),
        constraint "editor_applications_hourly_rate_check" check (hourly_rate >= 0),
        constraint "editor_applications_accepts_terms_check" check (accepts_terms = true),
        constraint "editor_applications_accepts_privacy_check" check (accepts_privacy = true),
        constraint "editor_applications_accepts_contract_check" check (accepts_contract = true)
      );
    `);
    this.addSql(`create index "editor_applications_created_at_index" on "editor_applications" ("created_at" desc);`);
    this.addSql(`create index "editor_applications_email_index" on "editor_applications" ("email");`);

    this.addSql(`
      create table "editor_profiles" (
        "user_id" text not null,
        "first_name" text not null,
        "last_name" text not null,
        "specialties" text[] not null default '{}',
        "visual_complexity_levels" text[] not null default '{}',
        "languages" text[] not null default '{}',
        "timezone" text not null default 'Europe/Paris',
        "hourly_rate" numeric(8,2) not null default 27,
        "max_concurrent_projects" int not null default 4,
        "current_projects_count" int not null default 0,
        "total_projects_count" int not null default 0,
        "completed_projects_count" int not null default 0,
        "status" text not null default 'active' constraint "editor_profiles_status_check" check ("status" in ('active', 'vacation', 'inactive')),
        "availability_start" time(0) not null default '09:00:00',
        "availability_end" time(0) not null default '18:00:00',
        "bio" text null,
        "portfolio_links" text[] not null default '{}',
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "editor_profiles_pkey" primary key ("user_id"),
        constraint "editor_profiles_hourly_rate_check" check (hourly_rate >= 15),
        constraint "editor_profiles_max_concurrent_projects_check" check (max_concurrent_projects >= 1 and max_concurrent_projects <= 10),
        constraint "editor_profiles_current_projects_count_check" check (current_projects_count >= 0),
        constraint "editor_profiles_total_projects_count_check" check (total_projects_count >= 0),
        constraint "editor_profiles_completed_projects_count_check" check (completed_projects_count >= 0)
      );
    `);

    this.addSql(`
      create table "processed_webhook_events" (
        "id" text not null,
        "type" text not null,
        "received_at" timestamptz not null default now(),
        constraint "processed_webhook_events_pkey" primary key ("id")
      );
    `);
    this.addSql(
      `create index "processed_webhook_events_received_at_index" on "processed_webhook_events" ("received_at");`,
    );

    this.addSql(`
      create table "projects" (
        "id" uuid not null default gen_random_uuid(),
        "brief_id" uuid not null,
        "title" text not null,
        "description" text null,
        "video_type" text null,
        "status" text not null default 'brief_received' constraint "projects_status_check" check ("status" in ('brief_received', 'waiting_for_editor', 'assigned', 'in_progress', 'revision_requested', 'completed', 'cancelled')),
        "client_id" text null,
        "client_email" text not null,
        "editor_id" text null,
        "total_price_cents" int not null default 0,
        "currency" text not null default 'EUR' constraint "projects_currency_check" check ("currency" in ('EUR', 'USD')),
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        "assigned_at" timestamptz null,
        "completed_at" timestamptz null,
        "cancelled_at" timestamptz null,
        "delivery_date" timestamptz null,
        "estimated_delivery_date" timestamptz null,
        "actual_delivery_date" timestamptz null,
        "revision_window_ends_at" timestamptz null,
        "files_purged_at" timestamptz null,
        "duration_minutes" numeric(10,2) null,
        "rush_duration_minutes" numeric(10,2) null,
        "final_duration_minutes" numeric(10,2) null,
        "urgency_level" text not null default 'normal' constraint "projects_urgency_level_check" check ("urgency_level" in ('urgent', 'high', 'normal')),
        "revision_count" int not null default 0,
        "max_revisions" int not null default 3,
        "brief_data" jsonb not null default '{}',
        "needs_attention" text null,
        "version" int not null default 1,
        constraint "projects_pkey" primary key ("id"),
        constraint "projects_total_price_cents_check" check (total_price_cents >= 0),
        constraint "projects_revision_count_check" check (revision_count >= 0),
        constraint "projects_max_revisions_check" check (max_revisions >= 0)
      );
    `);
    this.addSql(`alter table "projects" add constraint "projects_brief_id_unique" unique ("brief_id");`);
    this.addSql(`create index "projects_client_id_created_at_index" on "projects" ("client_id", "created_at" desc);`);
    this.addSql(
      `create index "projects_client_email_created_at_index" on "projects" ("client_email", "created_at" desc);`,
    );
    this.addSql(`create index "projects_editor_id_created_at_index" on "projects" ("editor_id", "created_at" desc);`);
    this.addSql(`create index "projects_status_created_at_index" on "projects" ("status", "created_at" desc);`);

    this.addSql(`
      create table "notifications" (
        "id" uuid not null default gen_random_uuid(),
        "user_id" text not null,
        "type" text not null,
        "title" text not null,
        "message" text not null,
        "is_read" boolean not null default false,
        "project_id" uuid null,
        "created_at" timestamptz not null default now(),
        constraint "notifications_pkey" primary key ("id")
      );
    `);
    this.addSql(
      `create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at" desc);`,
    );
    this.addSql(
      `create index "notifications_project_id_user_id_created_at_index" on "notifications" ("project_id", "user_id", "created_at" desc);`,
    );
    this.addSql(
      `create index "notifications_unread_user_id_index" on "notifications" ("user_id", "created_at" desc) where not "is_read";`,
    );

    this.addSql(`
      create table "project_files" (
        "id" uuid not null default gen_random_uuid(),
        "project_id" uuid not null,
        "filename" text not null,
        "file_type" text not null constraint "project_files_file_type_check" check ("file_type" in ('source', 'final')),
        "storage_bucket" text not null,
        "storage_key" text not null,
        "mime_type" text null,
        "file_size" bigint not null,
        "uploaded_by" text not null,
        "duration_seconds" numeric(12,3) null,
        "created_at" timestamptz not null default now(),
        constraint "project_files_pkey" primary key ("id"),
        constraint "project_files_file_size_check" check (file_size >= 0)
      );
    `);
    this.addSql(
      `create index "project_files_project_id_created_at_index" on "project_files" ("project_id", "created_at" desc);`,
    );
    this.addSql(
      `alter table "project_files" add constraint "project_files_storage_bucket_storage_key_unique" unique ("storage_bucket", "storage_key");`,
    );

    this.addSql(`
      create table "project_messages" (
        "id" uuid not null default gen_random_uuid(),
        "project_id" uuid not null,
        "sender_id" text not null,
        "sender_name" text null,
        "content" text not null,
        "message_type" text not null default 'text',
        "created_at" timestamptz not null default now(),
        constraint "project_messages_pkey" primary key ("id"),
        constraint "project_messages_content_check" check (length(btrim(content)) > 0)
      );
    `);
    this.addSql(
      `create index "project_messages_project_id_created_at_index" on "project_messages" ("project_id", "created_at" desc);`,
    );

    this.addSql(`
      create table "project_revisions" (
        "id" uuid not null default gen_random_uuid(),
        "project_id" uuid not null,
        "revision_number" int not null,
        "requested_by" text not null,
        "feedback" text not null,
        "status" text not null default 'pending' constraint "project_revisions_status_check" check ("status" in ('pending', 'in_progress', 'completed')),
        "started_at" timestamptz null,
        "completed_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "project_revisions_pkey" primary key ("id"),
        constraint "project_revisions_revision_number_check" check (revision_number >= 1),
        constraint "project_revisions_feedback_check" check (length(btrim(feedback)) > 0)
      );
    `);
    this.addSql(
      `create index "project_revisions_project_id_created_at_index" on "project_revisions" ("project_id", "created_at" desc);`,
    );
    this.addSql(
      `alter table "project_revisions" add constraint "project_revisions_project_id_revision_number_unique" unique ("project_id", "revision_number");`,
    );

    this.addSql(`
      create table "settings" (
        "key" text not null,
        "value" jsonb not null,
        "updated_at" timestamptz not null default now(),
        "updated_by" text null,
        constraint "settings_pkey" primary key ("key")
      );
    `);

    this.addSql(`
      create table "status_history" (
        "id" uuid not null default gen_random_uuid(),
        "project_id" uuid not null,
        "old_status" text null constraint "status_history_old_status_check" check ("old_status" in ('brief_received', 'waiting_for_editor', 'assigned', 'in_progress', 'revision_requested', 'completed', 'cancelled')),
        "new_status" text not null constraint "status_history_new_status_check" check ("new_status" in ('brief_received', 'waiting_for_editor', 'assigned', 'in_progress', 'revision_requested', 'completed', 'cancelled')),
        "comment" text null,
        "changed_by" text null,
        "changer_name" text null,
        "created_at" timestamptz not null default now(),
        constraint "status_history_pkey" primary key ("id")
      );
    `);
    this.addSql(
      `create index "status_history_project_id_created_at_index" on "status_history" ("project_id", "created_at");`,
    );

    // Foreign keys, once every table exists.
    this.addSql(
      `alter table "projects" add constraint "projects_brief_id_foreign" foreign key ("brief_id") references "briefs" ("id") on update cascade on delete restrict;`,
    );
    this.addSql(
      `alter table "projects" add constraint "projects_editor_id_foreign" foreign key ("editor_id") references "editor_profiles" ("user_id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "project_files" add constraint "project_files_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "project_messages" add constraint "project_messages_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "project_revisions" add constraint "project_revisions_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "status_history" add constraint "status_history_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );

    // Admin settings and their defaults (SETTING_DEFAULTS in domain/settings.ts).
    this.addSql(`
      insert into "settings" ("key", "value") values
        ('revision_window_days', '3'::jsonb),
        ('max_revisions', '3'::jsonb),
        ('launch_offer_places', '10'::jsonb);
    `);
  }

  override async down(): Promise<void> {
    // Children first, so every foreign key goes with its table.
    this.addSql(`drop table "status_history";`);
    this.addSql(`drop table "project_revisions";`);
    this.addSql(`drop table "project_messages";`);
    this.addSql(`drop table "project_files";`);
    this.addSql(`drop table "notifications";`);
    this.addSql(`drop table "projects";`);
    this.addSql(`drop table "settings";`);
    this.addSql(`drop table "processed_webhook_events";`);
    this.addSql(`drop table "editor_profiles";`);
    this.addSql(`drop table "editor_applications";`);
    this.addSql(`drop table "briefs";`);
  }
}
