ALTER TABLE "words" ADD COLUMN "examples" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Word search ignores case and accents the way the grader folds answers (docs/decisions/0059-any-language.md):
-- wordhoard_fold mirrors searchFold in packages/shared/src/grading.ts (a test compares both on both databases).
CREATE OR REPLACE FUNCTION wordhoard_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT normalize(translate(
    replace(replace(replace(replace(
      regexp_replace(lower(normalize(value, NFKD)),
        '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u064b-\u065f\u0670\u0640''’‘ʼ`]',
        '', 'g'),
      'œ', 'oe'), 'æ', 'ae'), 'ß', 'ss'), 'þ', 'th'),
    'øłđðħıŧςァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ',
    'olddhitσぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ'),
  NFC)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wordhoard_words_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := wordhoard_fold(NEW.term || E'\n' || array_to_string(NEW.definitions, E'\n'));
  RETURN NEW;
END $$;--> statement-breakpoint
UPDATE "words" SET "search_text" = wordhoard_fold("term" || E'\n' || array_to_string("definitions", E'\n'));
