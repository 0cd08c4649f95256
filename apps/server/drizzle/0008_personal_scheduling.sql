CREATE TABLE "learner_parameters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"fit_claimed_at" timestamp with time zone,
	"parameters" double precision[],
	"fitted_at" timestamp with time zone,
	"reviews" integer,
	"last_review_id" bigint,
	"scored" integer,
	"default_log_loss" double precision,
	"fitted_log_loss" double precision,
	"default_rmse" double precision,
	"fitted_rmse" double precision
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "desired_retention" double precision DEFAULT 0.9 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_parameters" ADD CONSTRAINT "learner_parameters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;