import { confirmNewsletterSignup, getStore } from '../db';
import { confirmLinkPost } from '../posts/link-post';
import { href } from '../pages';

/*
 * POST /api/newsletter/confirm/: the button of the confirmation page (lib/posts/link-post). Only
 * the first confirmation of an address queues the agency's e-mail and the CRM's webhook.
 */
export function confirmNewsletterRequest(request: Request): Promise<Response> {
  return confirmLinkPost(request, {
    what: 'newsletter',
    confirm: async (tokenHash, jobs) => {
      const result = await confirmNewsletterSignup(await getStore(), tokenHash, jobs);
      return result.status === 'confirmed' ? result.requestId : undefined;
    },
    // The page reads the outcome from the database: confirmed, expired, or a link it does not know.
    page: (token, language) => href({ page: 'newsletter-confirm', token }, language),
  });
}
