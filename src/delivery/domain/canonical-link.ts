import { comparableUrl } from '../../common/comparable-url';

/**
 * Query parameters that only track who clicked where, never which page is shown. Names from the global
 * rules of ClearURLs (the browser extension's rule set) and from Firefox's query-stripping list; whole
 * families where those lists use a prefix (`utm_*` and the like). Compared without case.
 */
const TRACKING_NAMES = new Set([
  '_bhlid',
  '_branch_match_id',
  '_branch_referrer',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  '_kx',
  '_openstat',
  '__hsfp',
  '__hssc',
  '__hstc',
  '__o_a',
  '__s',
  '__twitter_impression',
  'action_object_map',
  'action_ref_map',
  'action_type_map',
  'ceneo_spo',
  'cmpid',
  'dclid',
  'fb_action_ids',
  'fb_action_types',
  'fb_ref',
  'fb_source',
  'fbclid',
  'gbraid',
  'gclid',
  'gclsrc',
  'gs_l',
  'hsctatracking',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'mc_tc',
  'mkt_tok',
  'ml_subscriber',
  'ml_subscriber_hash',
  'msclkid',
  'oly_anon_id',
  'oly_enc_id',
  'os_ehash',
  'rb_clickid',
  'ref',
  'ref_src',
  's_cid',
  'sc_cid',
  'spm',
  'srsltid',
  'tracking_source',
  'ttclid',
  'twclid',
  'vero_conv',
  'vero_id',
  'wbraid',
  'wickedid',
  'wt_mc',
  'wt_zmc',
  'wtrid',
  'yclid',
]);
const TRACKING_PREFIXES = ['utm_', 'ga_', 'hmb_', 'itm_', 'otm_', 'pk_', 'mtm_', 'oft_', 'at_'];

export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_NAMES.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * The address of the page a link shows, the same however an aggregator or newsletter dressed it:
 * without tracking parameters, with the remaining ones sorted, and spelled as `comparableUrl` compares
 * URLs (no scheme, fragment, `www.`, default port or trailing slash). Null when the link is not an
 * http(s) URL, or names only a site's front page (feeds that link every post to their home page would
 * otherwise make every post the same story).
 */
export function canonicalLink(link: string | null): string | null {
  const key = link ? comparableUrl(link, pageQuery) : null;
  return key && /[/?]/.test(key) ? key : null;
}

function pageQuery(url: URL): string {
  const parameters = [...url.searchParams]
    .filter(([name]) => !isTrackingParameter(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return parameters.length ? `?${new URLSearchParams(parameters).toString()}` : '';
}
