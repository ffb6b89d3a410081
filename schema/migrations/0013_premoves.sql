-- 0013: conditional premoves (correspondence). A player's line "if they play
-- X, I play Y, if then X2, Y2...": premove_seat is whose line it is (NULL:
-- none), premove_line its moves in order, the opponent's expected move then
-- the reply, each in the game's notation, one per line ('\n' between). The
-- room replaces it as it is played or dropped; the end of the game clears it.
ALTER TABLE games ADD COLUMN premove_seat INTEGER;
ALTER TABLE games ADD COLUMN premove_line TEXT;
