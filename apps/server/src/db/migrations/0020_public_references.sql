-- Public references of deposits and withdrawals (DEP-7K3Q9M2X, WDR-…): random, so a member's reference does not
-- reveal the site's order counters (the ids stay internal). Rows made before this get a random hex reference.
alter table deposits add column reference text;
update deposits set reference = 'DEP-' || upper(substr(md5(random()::text || id::text), 1, 8));
alter table deposits alter column reference set not null;
create unique index deposits_reference_key on deposits (reference);

alter table withdrawals add column reference text;
update withdrawals set reference = 'WDR-' || upper(substr(md5(random()::text || id::text), 1, 8));
alter table withdrawals alter column reference set not null;
create unique index withdrawals_reference_key on withdrawals (reference);
