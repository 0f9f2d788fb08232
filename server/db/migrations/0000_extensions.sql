-- Trigram search on product names (CJK and Latin); PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
