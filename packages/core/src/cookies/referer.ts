import { REFERER_COOKIE_PATH_MAX } from '../constants';

/**
 * The referer path as stored in its cookie: at most 1024 characters (seed
 * section 9). A cut never splits a surrogate pair, which would leave an
 * unencodable half character.
 */
export function truncateRefererPath(path: string, max: number = REFERER_COOKIE_PATH_MAX): string {
  if (path.length <= max) return path;
  const last = path.charCodeAt(max - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return path.slice(0, splitsPair ? max - 1 : max);
}
