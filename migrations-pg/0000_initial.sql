CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"settings" text DEFAULT '{}' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"parent_id" text,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"permissions" text DEFAULT '[]' NOT NULL,
	"categories" text DEFAULT '[]' NOT NULL,
	"group_id" text,
	"disabled" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"last_login_at" bigint
);
--> statement-breakpoint
CREATE TABLE "student_group_members" (
	"student_id" text NOT NULL,
	"group_id" text NOT NULL,
	CONSTRAINT "student_group_members_student_id_group_id_pk" PRIMARY KEY("student_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "student_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'local' NOT NULL,
	"external_id" text,
	"disabled" integer DEFAULT 0 NOT NULL,
	"disabled_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint,
	"last_login_at" bigint
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"first_at" bigint NOT NULL,
	"locked_until" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"user_id" text NOT NULL,
	"school_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ended_at" bigint,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"status" bigint DEFAULT 0 NOT NULL,
	"pinned" integer DEFAULT 0 NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"kind" text DEFAULT 'course' NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"title" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"depth" bigint DEFAULT 1 NOT NULL,
	"lft" bigint DEFAULT 0 NOT NULL,
	"rgt" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"type" bigint DEFAULT 0 NOT NULL,
	"free" integer DEFAULT 0 NOT NULL,
	"allowdownload" integer DEFAULT 0 NOT NULL,
	"showgrade" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"resource_id" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collects" (
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "collects_student_id_course_id_pk" PRIMARY KEY("student_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "column_books" (
	"student_id" text NOT NULL,
	"column_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "column_books_student_id_column_id_pk" PRIMARY KEY("student_id","column_id")
);
--> statement-breakpoint
CREATE TABLE "column_collects" (
	"student_id" text NOT NULL,
	"column_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "column_collects_student_id_column_id_pk" PRIMARY KEY("student_id","column_id")
);
--> statement-breakpoint
CREATE TABLE "column_courses" (
	"column_id" text NOT NULL,
	"course_id" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "column_courses_column_id_course_id_pk" PRIMARY KEY("column_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "columns" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"catid" text DEFAULT '0' NOT NULL,
	"title" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"actual_fen" bigint DEFAULT 0 NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"ce_type" bigint DEFAULT 0 NOT NULL,
	"ce_time" text DEFAULT '' NOT NULL,
	"book_count" bigint DEFAULT 0 NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"top" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_tags" (
	"course_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "course_tags_course_id_tag_id_pk" PRIMARY KEY("course_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"catid" text DEFAULT '0' NOT NULL,
	"title" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"type" bigint DEFAULT 0 NOT NULL,
	"level" bigint DEFAULT 0 NOT NULL,
	"label" bigint DEFAULT 0 NOT NULL,
	"actual_fen" bigint DEFAULT 0 NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"ce_type" bigint DEFAULT 0 NOT NULL,
	"ce_time" text DEFAULT '' NOT NULL,
	"authentication_gid" text DEFAULT '' NOT NULL,
	"order_rest" integer DEFAULT 0 NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"lcount" bigint DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"settings" text DEFAULT '{}' NOT NULL,
	"private" integer DEFAULT 0 NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"top" bigint DEFAULT 0 NOT NULL,
	"credit_tenths" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"source" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "enrolments_student_id_course_id_pk" PRIMARY KEY("student_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "home_settings" (
	"school_id" text PRIMARY KEY NOT NULL,
	"setting" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"name" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_likes" (
	"comment_id" text NOT NULL,
	"student_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "comment_likes_comment_id_student_id_pk" PRIMARY KEY("comment_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text DEFAULT '0' NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"author_role" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"hidden" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"size" bigint NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"uploaded_by" text NOT NULL,
	"storage" text DEFAULT 'local' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"task" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"max_attempts" bigint DEFAULT 3 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"run_after" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"started_at" bigint,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "resource_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"title" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"category_id" text DEFAULT '0' NOT NULL,
	"title" text NOT NULL,
	"file_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"status_message" text DEFAULT '' NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"outputs" text DEFAULT '{}' NOT NULL,
	"subtitles" text DEFAULT '[]' NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"bytes" bigint NOT NULL,
	"state" text NOT NULL,
	"tus_id" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_records" (
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"school_id" text NOT NULL,
	"last_chapter_id" text DEFAULT '' NOT NULL,
	"last_visit_at" bigint NOT NULL,
	"eff_ms" bigint DEFAULT 0 NOT NULL,
	"complete_chapter" bigint DEFAULT 0 NOT NULL,
	"total_chapter" bigint DEFAULT 0 NOT NULL,
	"process" bigint DEFAULT 0 NOT NULL,
	"started_at" bigint NOT NULL,
	"completed_at" bigint,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "course_records_student_id_course_id_pk" PRIMARY KEY("student_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "heartbeats" (
	"token_hash" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"student_id" text NOT NULL,
	"start_ts" bigint NOT NULL,
	"last_at" bigint NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"pause" integer DEFAULT 0 NOT NULL,
	"run_at" bigint DEFAULT 0 NOT NULL,
	"run_from" double precision DEFAULT 0 NOT NULL,
	"play_type" text DEFAULT 'play' NOT NULL,
	"realtime" double precision DEFAULT 0 NOT NULL,
	"eff_time" bigint DEFAULT 0 NOT NULL,
	"credited_at" bigint DEFAULT 0 NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	CONSTRAINT "heartbeats_token_hash_course_id_chapter_id_pk" PRIMARY KEY("token_hash","course_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "learn_days" (
	"student_id" text NOT NULL,
	"school_id" text NOT NULL,
	"day" text NOT NULL,
	"eff_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "learn_days_student_id_day_pk" PRIMARY KEY("student_id","day")
);
--> statement-breakpoint
CREATE TABLE "learn_records" (
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"school_id" text NOT NULL,
	"eff_ms" bigint DEFAULT 0 NOT NULL,
	"watched" double precision DEFAULT 0 NOT NULL,
	"intervals" text DEFAULT '[]' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"furthest" double precision DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"completed_at" bigint,
	"passed" integer DEFAULT 0 NOT NULL,
	"verify_status" bigint DEFAULT 0 NOT NULL,
	"started_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "learn_records_student_id_course_id_chapter_id_pk" PRIMARY KEY("student_id","course_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "watch_records" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text DEFAULT '0' NOT NULL,
	"student_id" text,
	"viewer" text NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"watch_time" bigint NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text DEFAULT '0' NOT NULL,
	"score" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text DEFAULT '0' NOT NULL,
	"file_id" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_assignments" (
	"course_id" text NOT NULL,
	"school_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"assigned_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "plan_assignments_course_id_target_type_target_id_pk" PRIMARY KEY("course_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "study_plans" (
	"course_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"committed_by" text,
	"committed_at" bigint,
	"verified_by" text,
	"verified_at" bigint,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_id" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_exercises" (
	"id" text PRIMARY KEY NOT NULL,
	"chapter_id" text NOT NULL,
	"course_id" text NOT NULL,
	"school_id" text NOT NULL,
	"set_id" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_answers" (
	"sitting_id" text NOT NULL,
	"question_id" text NOT NULL,
	"answer" text NOT NULL,
	"status" text DEFAULT 'saved' NOT NULL,
	"is_right" integer DEFAULT 0 NOT NULL,
	"point" double precision DEFAULT 0 NOT NULL,
	"saved_at" bigint NOT NULL,
	"marked_by" text,
	"marked_at" bigint,
	CONSTRAINT "exam_answers_sitting_id_question_id_pk" PRIMARY KEY("sitting_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_audience" (
	"exam_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	CONSTRAINT "exam_audience_exam_id_target_type_target_id_pk" PRIMARY KEY("exam_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "exam_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"title" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_sittings" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"student_id" text NOT NULL,
	"school_id" text NOT NULL,
	"attempt" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_by" text,
	"started_at" bigint NOT NULL,
	"deadline_at" bigint NOT NULL,
	"submitted_at" bigint,
	"score" double precision DEFAULT 0 NOT NULL,
	"total_score" double precision DEFAULT 0 NOT NULL,
	"pass_score" double precision DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"pending_marks" bigint DEFAULT 0 NOT NULL,
	"questions" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"category_id" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_sec" bigint NOT NULL,
	"opens_at" bigint,
	"closes_at" bigint,
	"attempts" bigint DEFAULT 1 NOT NULL,
	"show_results" text DEFAULT 'score' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"course_id" text DEFAULT '' NOT NULL,
	"chapter_id" text DEFAULT '' NOT NULL,
	"optional" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_answers" (
	"student_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"question_id" text NOT NULL,
	"course_id" text NOT NULL,
	"school_id" text NOT NULL,
	"answer" text NOT NULL,
	"status" text NOT NULL,
	"is_right" integer DEFAULT 0 NOT NULL,
	"point" double precision DEFAULT 0 NOT NULL,
	"attempts" bigint DEFAULT 1 NOT NULL,
	"answered_at" bigint NOT NULL,
	"marked_by" text,
	"marked_at" bigint,
	CONSTRAINT "exercise_answers_student_id_chapter_id_question_id_pk" PRIMARY KEY("student_id","chapter_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exercise_set_questions" (
	"set_id" text NOT NULL,
	"question_id" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"show_answer" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "exercise_set_questions_set_id_question_id_pk" PRIMARY KEY("set_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exercise_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"title" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_questions" (
	"paper_id" text NOT NULL,
	"question_id" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"point" double precision NOT NULL,
	CONSTRAINT "paper_questions_paper_id_question_id_pk" PRIMARY KEY("paper_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"title" text NOT NULL,
	"mode" text DEFAULT 'fixed' NOT NULL,
	"draw_rules" text DEFAULT '[]' NOT NULL,
	"total_score" double precision DEFAULT 0 NOT NULL,
	"pass_score" double precision DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"title" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"category_id" text DEFAULT '' NOT NULL,
	"type" bigint NOT NULL,
	"content" text NOT NULL,
	"options" text DEFAULT '[]' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"point" double precision DEFAULT 1 NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"show_answer" integer DEFAULT 1 NOT NULL,
	"difficulty" bigint DEFAULT 3 NOT NULL,
	"tags" text DEFAULT '[]' NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ldap_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"trigger" text NOT NULL,
	"dry_run" integer NOT NULL,
	"status" text NOT NULL,
	"started_at" bigint NOT NULL,
	"finished_at" bigint,
	"found" bigint DEFAULT 0 NOT NULL,
	"created" bigint DEFAULT 0 NOT NULL,
	"updated" bigint DEFAULT 0 NOT NULL,
	"disabled" bigint DEFAULT 0 NOT NULL,
	"errors" bigint DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ldap_settings" (
	"school_id" text PRIMARY KEY NOT NULL,
	"config" text NOT NULL,
	"bind_password" text DEFAULT '' NOT NULL,
	"ca_cert" text DEFAULT '' NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_field_values" (
	"student_id" text NOT NULL,
	"field_id" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "student_field_values_student_id_field_id_pk" PRIMARY KEY("student_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "student_fields" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"options" text DEFAULT '[]' NOT NULL,
	"required" integer DEFAULT 0 NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"admin_id" text NOT NULL,
	"file_name" text NOT NULL,
	"mode" text NOT NULL,
	"duplicates" text NOT NULL,
	"status" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"processed" bigint DEFAULT 0 NOT NULL,
	"created" bigint DEFAULT 0 NOT NULL,
	"updated" bigint DEFAULT 0 NOT NULL,
	"skipped" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"report" text DEFAULT '[]' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"started_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "course_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"course_id" text,
	"column_id" text,
	"student_id" text,
	"group_id" text,
	"expires_at" bigint,
	"via" text DEFAULT 'admin' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"granted_by" text,
	"created_at" bigint NOT NULL,
	"revoked_at" bigint,
	"revoked_by" text
);
--> statement-breakpoint
CREATE TABLE "grant_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"grant_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text NOT NULL,
	"course_id" text,
	"column_id" text,
	"student_id" text,
	"group_id" text,
	"before" text,
	"after" text,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"title" text NOT NULL,
	"count" bigint NOT NULL,
	"uses_per_code" bigint DEFAULT 1 NOT NULL,
	"days" bigint,
	"expires_at" bigint,
	"disabled_at" bigint,
	"disabled_by" text,
	"created_by" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"code_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"student_id" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrolment_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"course_id" text NOT NULL,
	"secret" text NOT NULL,
	"group_ids" text DEFAULT '' NOT NULL,
	"max_uses" bigint,
	"used" bigint DEFAULT 0 NOT NULL,
	"starts_at" bigint,
	"ends_at" bigint,
	"enabled" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"order_id" text NOT NULL,
	"student_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"handled_by" text,
	"handled_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"days" bigint NOT NULL,
	"category_ids" text DEFAULT '[]' NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"since" bigint NOT NULL,
	"until" bigint NOT NULL,
	"via" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"revoked_at" bigint,
	"revoked_by" text
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"order_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"before" text,
	"after" text,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"title" text NOT NULL,
	"price_fen" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"renew" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"paid_at" bigint,
	"paid_fen" bigint,
	"pay_way" text,
	"trade_number" text,
	"pay_note" text,
	"confirmed_by" text,
	"closed_at" bigint,
	"closed_by" text,
	"deleted_at" bigint,
	"grant_ref" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_admins" (
	"school_id" text NOT NULL,
	"admin_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "pay_admins_school_id_admin_id_pk" PRIMARY KEY("school_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"school_id" text PRIMARY KEY NOT NULL,
	"enabled" integer DEFAULT 0 NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"timeout_hours" bigint DEFAULT 72 NOT NULL,
	"updated_by" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"delta" bigint NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"day" text NOT NULL,
	"actor_id" text,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_rules" (
	"school_id" text NOT NULL,
	"rule" text NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"daily_limit" bigint DEFAULT 0 NOT NULL,
	"enabled" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "point_rules_school_id_rule_pk" PRIMARY KEY("school_id","rule")
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"code" text NOT NULL,
	"max_uses" bigint NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"disabled_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_groups" (
	"announcement_id" text NOT NULL,
	"group_id" text NOT NULL,
	CONSTRAINT "announcement_groups_announcement_id_group_id_pk" PRIMARY KEY("announcement_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "announcement_views" (
	"announcement_id" text NOT NULL,
	"student_id" text NOT NULL,
	"viewed_at" bigint NOT NULL,
	CONSTRAINT "announcement_views_announcement_id_student_id_pk" PRIMARY KEY("announcement_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"pinned" integer DEFAULT 0 NOT NULL,
	"publish_at" bigint,
	"end_at" bigint,
	"published_at" bigint,
	"first_published_at" bigint,
	"author_id" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"student_id" text NOT NULL,
	"body" text NOT NULL,
	"video_time" bigint,
	"hidden" integer DEFAULT 0 NOT NULL,
	"answer_count" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_optouts" (
	"student_id" text PRIMARY KEY NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_queue" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"student_id" text,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"next_at" bigint NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
CREATE TABLE "inform_settings" (
	"school_id" text PRIMARY KEY NOT NULL,
	"config" text DEFAULT '{}' NOT NULL,
	"smtp_password" text DEFAULT '' NOT NULL,
	"channels" text DEFAULT '{}' NOT NULL,
	"allow_student_messages" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_templates" (
	"school_id" text NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "inform_templates_school_id_event_channel_locale_pk" PRIMARY KEY("school_id","event","channel","locale")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"body" text NOT NULL,
	"video_time" bigint,
	"page" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"kind" text NOT NULL,
	"params" text DEFAULT '{}' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"dedupe_key" text,
	"created_at" bigint NOT NULL,
	"read_at" bigint
);
--> statement-breakpoint
CREATE TABLE "private_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"sender_kind" text NOT NULL,
	"sender_id" text NOT NULL,
	"recipient_kind" text NOT NULL,
	"recipient_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" bigint NOT NULL,
	"read_at" bigint
);
--> statement-breakpoint
CREATE TABLE "live_attendance" (
	"session_id" text NOT NULL,
	"student_id" text NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"first_at" bigint NOT NULL,
	"last_at" bigint NOT NULL,
	CONSTRAINT "live_attendance_session_id_student_id_pk" PRIMARY KEY("session_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"course_id" text NOT NULL,
	"title" text NOT NULL,
	"start_at" bigint NOT NULL,
	"end_at" bigint NOT NULL,
	"teacher_id" text,
	"stream_key" text NOT NULL,
	"rotated_at" bigint NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"client_id" text,
	"live_at" bigint,
	"ended_at" bigint,
	"live_seconds" bigint DEFAULT 0 NOT NULL,
	"peak_viewers" bigint DEFAULT 0 NOT NULL,
	"replay_resource_id" text,
	"replay_chapter_id" text,
	"replay_error" text,
	"deleted" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_chapter_stats" (
	"course_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"school_id" text NOT NULL,
	"started" bigint DEFAULT 0 NOT NULL,
	"finished" bigint DEFAULT 0 NOT NULL,
	"eff_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_chapter_stats_course_id_chapter_id_pk" PRIMARY KEY("course_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_course_day_students" (
	"course_id" text NOT NULL,
	"day" text NOT NULL,
	"student_id" text NOT NULL,
	"school_id" text NOT NULL,
	CONSTRAINT "analytics_course_day_students_course_id_day_student_id_pk" PRIMARY KEY("course_id","day","student_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_course_days" (
	"course_id" text NOT NULL,
	"day" text NOT NULL,
	"school_id" text NOT NULL,
	"eff_ms" bigint DEFAULT 0 NOT NULL,
	"students" bigint DEFAULT 0 NOT NULL,
	"completions" bigint DEFAULT 0 NOT NULL,
	"enrolments" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_course_days_course_id_day_pk" PRIMARY KEY("course_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_course_stats" (
	"course_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"learners" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_group_days" (
	"group_id" text NOT NULL,
	"day" text NOT NULL,
	"school_id" text NOT NULL,
	"eff_ms" bigint DEFAULT 0 NOT NULL,
	"students" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_group_days_group_id_day_pk" PRIMARY KEY("group_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_school_days" (
	"school_id" text NOT NULL,
	"day" text NOT NULL,
	"eff_ms" bigint DEFAULT 0 NOT NULL,
	"students" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_school_days_school_id_day_pk" PRIMARY KEY("school_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_student_last" (
	"student_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"last_day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_credits" (
	"student_id" text NOT NULL,
	"course_id" text NOT NULL,
	"school_id" text NOT NULL,
	"tenths" bigint NOT NULL,
	"awarded_at" bigint NOT NULL,
	CONSTRAINT "study_credits_student_id_course_id_pk" PRIMARY KEY("student_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "external_identities" (
	"school_id" text NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"role" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_login_at" bigint NOT NULL,
	CONSTRAINT "external_identities_school_id_provider_subject_pk" PRIMARY KEY("school_id","provider","subject")
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text,
	"ip" text DEFAULT '' NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"state" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"audience" text NOT NULL,
	"return_to" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_assertions" (
	"school_id" text NOT NULL,
	"jti" text NOT NULL,
	"used_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "used_assertions_school_id_jti_pk" PRIMARY KEY("school_id","jti")
);
--> statement-breakpoint
ALTER TABLE "admin_groups" ADD CONSTRAINT "admin_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_group_members" ADD CONSTRAINT "student_group_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_group_members" ADD CONSTRAINT "student_group_members_group_id_student_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."student_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collects" ADD CONSTRAINT "collects_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collects" ADD CONSTRAINT "collects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_books" ADD CONSTRAINT "column_books_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_books" ADD CONSTRAINT "column_books_column_id_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_collects" ADD CONSTRAINT "column_collects_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_collects" ADD CONSTRAINT "column_collects_column_id_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_courses" ADD CONSTRAINT "column_courses_column_id_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_courses" ADD CONSTRAINT "column_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "columns" ADD CONSTRAINT "columns_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tags" ADD CONSTRAINT "course_tags_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tags" ADD CONSTRAINT "course_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_settings" ADD CONSTRAINT "home_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_categories" ADD CONSTRAINT "resource_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_ledger" ADD CONSTRAINT "upload_ledger_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_records" ADD CONSTRAINT "course_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_records" ADD CONSTRAINT "course_records_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heartbeats" ADD CONSTRAINT "heartbeats_token_hash_sessions_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_days" ADD CONSTRAINT "learn_days_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_days" ADD CONSTRAINT "learn_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_records" ADD CONSTRAINT "learn_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_records" ADD CONSTRAINT "learn_records_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_records" ADD CONSTRAINT "watch_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_records" ADD CONSTRAINT "watch_records_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_assignments" ADD CONSTRAINT "plan_assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_assignments" ADD CONSTRAINT "plan_assignments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_reviews" ADD CONSTRAINT "stage_reviews_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_reviews" ADD CONSTRAINT "stage_reviews_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_reviews" ADD CONSTRAINT "stage_reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_exercises" ADD CONSTRAINT "chapter_exercises_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_exercises" ADD CONSTRAINT "chapter_exercises_set_id_exercise_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."exercise_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_sitting_id_exam_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."exam_sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_audience" ADD CONSTRAINT "exam_audience_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_categories" ADD CONSTRAINT "exam_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_answers" ADD CONSTRAINT "exercise_answers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_answers" ADD CONSTRAINT "exercise_answers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_set_questions" ADD CONSTRAINT "exercise_set_questions_set_id_exercise_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."exercise_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_set_questions" ADD CONSTRAINT "exercise_set_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_sets" ADD CONSTRAINT "exercise_sets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ldap_runs" ADD CONSTRAINT "ldap_runs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ldap_settings" ADD CONSTRAINT "ldap_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_field_values" ADD CONSTRAINT "student_field_values_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_field_values" ADD CONSTRAINT "student_field_values_field_id_student_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."student_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fields" ADD CONSTRAINT "student_fields_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_column_id_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_group_id_student_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."student_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_granted_by_admins_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_revoked_by_admins_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_audit" ADD CONSTRAINT "grant_audit_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_code_id_redeem_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."redeem_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_keys" ADD CONSTRAINT "enrolment_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_keys" ADD CONSTRAINT "enrolment_keys_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_keys" ADD CONSTRAINT "enrolment_keys_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_plans" ADD CONSTRAINT "member_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_member_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."member_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_admins" ADD CONSTRAINT "pay_admins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_admins" ADD CONSTRAINT "pay_admins_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rules" ADD CONSTRAINT "point_rules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_groups" ADD CONSTRAINT "announcement_groups_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_views" ADD CONSTRAINT "announcement_views_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_views" ADD CONSTRAINT "announcement_views_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_answers" ADD CONSTRAINT "chapter_answers_question_id_chapter_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."chapter_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_questions" ADD CONSTRAINT "chapter_questions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_questions" ADD CONSTRAINT "chapter_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_questions" ADD CONSTRAINT "chapter_questions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_optouts" ADD CONSTRAINT "inform_optouts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_queue" ADD CONSTRAINT "inform_queue_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_settings" ADD CONSTRAINT "inform_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_templates" ADD CONSTRAINT "inform_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_teacher_id_admins_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_replay_resource_id_resources_id_fk" FOREIGN KEY ("replay_resource_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_credits" ADD CONSTRAINT "study_credits_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_credits" ADD CONSTRAINT "study_credits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_assertions" ADD CONSTRAINT "used_assertions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_groups_school" ON "admin_groups" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username" ON "admins" USING btree ("username");--> statement-breakpoint
CREATE INDEX "admins_school" ON "admins" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "student_group_members_group" ON "student_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "student_groups_school" ON "student_groups" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_username" ON "students" USING btree ("school_id","username");--> statement-breakpoint
CREATE INDEX "students_school_external" ON "students" USING btree ("school_id","external_id");--> statement-breakpoint
CREATE INDEX "students_school_created" ON "students" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("role","user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "articles_school" ON "articles" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "categories_tree" ON "categories" USING btree ("school_id","kind","lft");--> statement-breakpoint
CREATE INDEX "chapters_course" ON "chapters" USING btree ("course_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "column_courses_course" ON "column_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "columns_school" ON "columns" USING btree ("school_id","catid");--> statement-breakpoint
CREATE INDEX "course_tags_tag" ON "course_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "courses_school_cat" ON "courses" USING btree ("school_id","catid");--> statement-breakpoint
CREATE INDEX "courses_school_created" ON "courses" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "enrolments_course" ON "enrolments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "tags_school" ON "tags" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "comments_course" ON "comments" USING btree ("course_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_school" ON "comments" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_key" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "files_school" ON "files" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "media_jobs_state" ON "media_jobs" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "resource_categories_school" ON "resource_categories" USING btree ("school_id","parent_id");--> statement-breakpoint
CREATE INDEX "resources_school_cat" ON "resources" USING btree ("school_id","category_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_ledger_person" ON "upload_ledger" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "upload_ledger_school" ON "upload_ledger" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_ledger_tus" ON "upload_ledger" USING btree ("tus_id");--> statement-breakpoint
CREATE INDEX "course_records_course" ON "course_records" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_records_school" ON "course_records" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "heartbeats_student" ON "heartbeats" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "learn_days_school_day" ON "learn_days" USING btree ("school_id","day");--> statement-breakpoint
CREATE INDEX "learn_records_chapter" ON "learn_records" USING btree ("course_id","chapter_id");--> statement-breakpoint
CREATE INDEX "learn_records_school" ON "learn_records" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_records_day" ON "watch_records" USING btree ("viewer","course_id","day");--> statement-breakpoint
CREATE INDEX "watch_records_school" ON "watch_records" USING btree ("school_id","watch_time");--> statement-breakpoint
CREATE INDEX "watch_records_student" ON "watch_records" USING btree ("student_id","watch_time");--> statement-breakpoint
CREATE UNIQUE INDEX "grades_student_chapter" ON "grades" USING btree ("student_id","course_id","chapter_id");--> statement-breakpoint
CREATE INDEX "grades_course" ON "grades" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_student_course" ON "signatures" USING btree ("student_id","course_id");--> statement-breakpoint
CREATE INDEX "signatures_course" ON "signatures" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_assignments_target" ON "plan_assignments" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "study_plans_school" ON "study_plans" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "stage_reviews_stage" ON "stage_reviews" USING btree ("student_id","course_id","chapter_id","created_at");--> statement-breakpoint
CREATE INDEX "stage_reviews_school" ON "stage_reviews" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_exercises_chapter" ON "chapter_exercises" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "chapter_exercises_course" ON "chapter_exercises" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "exam_categories_school" ON "exam_categories" USING btree ("school_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sittings_one_open" ON "exam_sittings" USING btree ("student_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "exam_sittings_exam" ON "exam_sittings" USING btree ("exam_id","student_id");--> statement-breakpoint
CREATE INDEX "exam_sittings_deadline" ON "exam_sittings" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "exams_school" ON "exams" USING btree ("school_id","deleted","status");--> statement-breakpoint
CREATE INDEX "exams_chapter" ON "exams" USING btree ("course_id","chapter_id");--> statement-breakpoint
CREATE INDEX "exercise_answers_course" ON "exercise_answers" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE INDEX "exercise_answers_marking" ON "exercise_answers" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "exercise_set_questions_question" ON "exercise_set_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "exercise_sets_school" ON "exercise_sets" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "paper_questions_question" ON "paper_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "papers_school" ON "papers" USING btree ("school_id","deleted");--> statement-breakpoint
CREATE INDEX "question_categories_school" ON "question_categories" USING btree ("school_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "questions_school" ON "questions" USING btree ("school_id","deleted","category_id","type");--> statement-breakpoint
CREATE INDEX "ldap_runs_school" ON "ldap_runs" USING btree ("school_id","started_at");--> statement-breakpoint
CREATE INDEX "student_field_values_field" ON "student_field_values" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "student_fields_school" ON "student_fields" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "student_imports_school" ON "student_imports" USING btree ("school_id","started_at");--> statement-breakpoint
CREATE INDEX "course_grants_course" ON "course_grants" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_grants_column" ON "course_grants" USING btree ("column_id");--> statement-breakpoint
CREATE INDEX "course_grants_student" ON "course_grants" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "course_grants_group" ON "course_grants" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "grant_audit_school" ON "grant_audit" USING btree ("school_id","at");--> statement-breakpoint
CREATE INDEX "grant_audit_course" ON "grant_audit" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "grant_audit_student" ON "grant_audit" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "code_batches_school" ON "code_batches" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "code_redemptions_once" ON "code_redemptions" USING btree ("code_id","student_id");--> statement-breakpoint
CREATE INDEX "code_redemptions_batch" ON "code_redemptions" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_keys_course" ON "enrolment_keys" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "enrolment_keys_school" ON "enrolment_keys" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_school" ON "invoices" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "member_plans_school" ON "member_plans" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "memberships_student" ON "memberships" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "memberships_plan" ON "memberships" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_events_school" ON "order_events" USING btree ("school_id","at");--> statement-breakpoint
CREATE INDEX "orders_school" ON "orders" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_student" ON "orders" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_once" ON "point_ledger" USING btree ("student_id","reason","ref");--> statement-breakpoint
CREATE INDEX "point_ledger_day" ON "point_ledger" USING btree ("student_id","day","reason");--> statement-breakpoint
CREATE INDEX "point_ledger_school" ON "point_ledger" USING btree ("school_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_codes_code" ON "redeem_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "redeem_codes_batch" ON "redeem_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "announcement_views_student" ON "announcement_views" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "announcements_school" ON "announcements" USING btree ("school_id","published_at");--> statement-breakpoint
CREATE INDEX "chapter_answers_question" ON "chapter_answers" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "chapter_questions_course" ON "chapter_questions" USING btree ("course_id","chapter_id","created_at");--> statement-breakpoint
CREATE INDEX "chapter_questions_student" ON "chapter_questions" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "chapter_questions_school" ON "chapter_questions" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "inform_queue_due" ON "inform_queue" USING btree ("status","next_at");--> statement-breakpoint
CREATE INDEX "inform_queue_school" ON "inform_queue" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_student" ON "notes" USING btree ("student_id","course_id","chapter_id");--> statement-breakpoint
CREATE INDEX "notes_student_updated" ON "notes" USING btree ("student_id","updated_at");--> statement-breakpoint
CREATE INDEX "notices_student" ON "notices" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_unread" ON "notices" USING btree ("student_id","read_at");--> statement-breakpoint
CREATE INDEX "notices_dedupe" ON "notices" USING btree ("student_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "private_messages_recipient" ON "private_messages" USING btree ("recipient_kind","recipient_id","read_at");--> statement-breakpoint
CREATE INDEX "private_messages_sender" ON "private_messages" USING btree ("sender_kind","sender_id","created_at");--> statement-breakpoint
CREATE INDEX "private_messages_school" ON "private_messages" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "live_attendance_student" ON "live_attendance" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "live_sessions_course" ON "live_sessions" USING btree ("course_id","start_at");--> statement-breakpoint
CREATE INDEX "live_sessions_school" ON "live_sessions" USING btree ("school_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_key" ON "live_sessions" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "analytics_course_days_school" ON "analytics_course_days" USING btree ("school_id","day","course_id","eff_ms","students","completions","enrolments");--> statement-breakpoint
CREATE INDEX "analytics_course_stats_school" ON "analytics_course_stats" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "analytics_group_days_school" ON "analytics_group_days" USING btree ("school_id","day","group_id","eff_ms");--> statement-breakpoint
CREATE INDEX "analytics_student_last_school" ON "analytics_student_last" USING btree ("school_id","last_day");--> statement-breakpoint
CREATE INDEX "study_credits_student" ON "study_credits" USING btree ("student_id","awarded_at");--> statement-breakpoint
CREATE INDEX "study_credits_school" ON "study_credits" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "external_identities_user" ON "external_identities" USING btree ("role","user_id");--> statement-breakpoint
CREATE INDEX "phone_codes_phone" ON "phone_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_student" ON "phone_codes" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_ip" ON "phone_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sso_logins_expires" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_assertions_expires" ON "used_assertions" USING btree ("expires_at");