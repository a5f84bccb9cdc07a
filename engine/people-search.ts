/**
 * The people search's bounds (POST /auth/api/search_people and search_groups, docs/directory.md),
 * shared by the server that enforces them and the screens that ask.
 */

/** The longest text a people or group search takes: longer than any display name or e-mail. */
export const MAX_PEOPLE_TEXT = 100;
