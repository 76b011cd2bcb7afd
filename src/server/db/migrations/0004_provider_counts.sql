CREATE TABLE "provider_counts" (
	"kind" text NOT NULL,
	"country_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "provider_counts_kind_country_id_pk" PRIMARY KEY("kind","country_id")
);
