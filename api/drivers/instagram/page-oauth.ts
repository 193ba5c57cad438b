/**
 * Linking Instagram through a Facebook Page (the `via_facebook_page` variant of schemas/providers/instagram.json,
 * docs/decisions/039-instagram-through-a-page.md): Facebook Login with the variant's permissions, the same steps as
 * Facebook Pages (../facebook/oauth.ts: the code for a short-lived user token, at once a long-lived one, which
 * cannot be refreshed), and the accounts offered are the Instagram business accounts connected to the login's Pages
 * (Page.instagram_business_account). A Page without one is not offered; a login with none links nothing. Each
 * account keeps its Page (calls are made with the Page's token, on graph.facebook.com) and the login's id (Meta's
 * deauthorize and data-deletion callbacks for the Facebook app name the person by it).
 */

import { graphClient } from "../facebook/graph";
import { facebookOAuth, loginPages } from "../facebook/oauth";
import { politeFetch } from "../shared/polite-fetch";
import type { AccountProfile, OAuthSteps } from "../types";
import { type IgUser, userProfile } from "./profile";

export const VIA_PAGE = "via_facebook_page";

/** An IG User's fields as the Page's edge answers them (facebook-nodejs-business-sdk IGUser). */
export const PAGE_IG_FIELDS = ["id", "username", "name", "profile_picture_url"] as const;

type PageWithInstagram = { id: string; name?: string; instagram_business_account?: IgUser };

export function instagramPageOAuth(opts: Parameters<typeof facebookOAuth>[0]): OAuthSteps {
  const facebook = facebookOAuth(opts);
  const fetch = opts.fetch ?? politeFetch({ retries5xx: 2, timeoutMs: 15_000, maxWaitMs: 3_000 });
  const graph = graphClient({ apiUrl: opts.config.apiUrl, fetch });
  return {
    ...facebook,
    async publishTargets(tokens): Promise<AccountProfile[]> {
      const { loginId, pages } = await loginPages<PageWithInstagram>(
        graph,
        tokens.access_token,
        `id,name,instagram_business_account{${PAGE_IG_FIELDS.join(",")}}`,
      );
      return pages.flatMap((page) => {
        const ig = page.instagram_business_account;
        if (!ig?.id) return [];
        return [
          {
            ...userProfile(ig),
            stored_meta: {
              login_variant: VIA_PAGE,
              login_user_id: loginId,
              page_id: page.id,
              // Shown in the pick (which Page each account comes through).
              page_name: page.name ?? page.id,
            },
          },
        ];
      });
    },
  };
}
