-- The player site and the back office speak EN, TY and TL. A merchant created before TL (the demo merchant of an
-- older database, an operator's own) lists only the languages it was made with, so its site never offered TL.
-- TL is added where it is missing, at the end: the default language and the order of the others stay.
update merchants set languages = array_append(languages, 'tl') where not ('tl' = any (languages));
