CREATE TABLE "test_days" (
	"dictionary_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_days_dictionary_id_day_pk" PRIMARY KEY("dictionary_id","day")
);
--> statement-breakpoint
CREATE TABLE "word_cards" (
	"word_id" uuid NOT NULL,
	"dictionary_id" uuid NOT NULL,
	"reversed" boolean NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" integer NOT NULL,
	"last_review" timestamp with time zone,
	CONSTRAINT "word_cards_word_id_reversed_pk" PRIMARY KEY("word_id","reversed")
);
--> statement-breakpoint
ALTER TABLE "test_days" ADD CONSTRAINT "test_days_dictionary_id_dictionaries_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_cards" ADD CONSTRAINT "word_cards_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_cards" ADD CONSTRAINT "word_cards_dictionary_id_dictionaries_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_cards_dictionary_due_idx" ON "word_cards" USING btree ("dictionary_id","reversed","due");