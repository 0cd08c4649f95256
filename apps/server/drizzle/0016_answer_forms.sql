-- Each word's answer forms, for the confusion lookup of a wrong answer (docs/decisions/0066-answer-forms-index.md).
-- Null until the server's answer-forms job computes them with the shared grader (definitionForms);
-- a later change of the grading rules ships a migration that sets both columns to null again.
-- IF NOT EXISTS: on a large database an operator may build these indexes beforehand with
-- CREATE INDEX CONCURRENTLY (docs/deploy.md); a plain build holds writes to words meanwhile.
ALTER TABLE "words" ADD COLUMN "answer_forms" text[];--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "term_forms" text[];--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "words_dictionary_answer_forms_idx" ON "words" USING gin ("dictionary_id","answer_forms") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "words_dictionary_term_forms_idx" ON "words" USING gin ("dictionary_id","term_forms") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "words_dictionary_forms_missing_idx" ON "words" USING btree ("dictionary_id") WHERE "words"."answer_forms" is null or "words"."term_forms" is null;