/**
 * Search for a hidden creature (FS-A7): the searcher's Perception total against the hider's Agility. As with
 * attacks against an attribute (FS-D2), the searcher wins when its total reaches the hider's (a tie finds it).
 * `hiderAgility` is the hider's Agility score or, if the table rolls both sides, its Agility roll total.
 */
export function searchForHidden(perceptionTotal: number, hiderAgility: number): "searcher" | "hider" {
  return perceptionTotal >= hiderAgility ? "searcher" : "hider";
}
