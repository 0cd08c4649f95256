-- Substring search in one dictionary through an index (docs/decisions/0010-word-search-index.md).
-- pg_trgm and btree_gin are trusted extensions: the database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The database keeps search_text, so that no writer (batch edit, import, restore) can forget it.
CREATE FUNCTION wordhoard_words_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.term || E'\n' || array_to_string(NEW.definitions, E'\n'));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER words_search_text BEFORE INSERT OR UPDATE OF term, definitions ON "words"
  FOR EACH ROW EXECUTE FUNCTION wordhoard_words_search_text();--> statement-breakpoint
UPDATE "words" SET "search_text" = lower("term" || E'\n' || array_to_string("definitions", E'\n'));--> statement-breakpoint
CREATE INDEX "words_dictionary_search_idx" ON "words" USING gin ("dictionary_id","search_text" gin_trgm_ops) WITH (fastupdate=false);
