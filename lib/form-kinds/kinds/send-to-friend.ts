import { z } from 'zod';
import type { FormKind } from '../definitions';
import { email, friendNote, linkFreeText, listingId, privacy } from '../fields';

/** A listing sent to a friend. The friend's e-mail shows the sender's name and note to a stranger: no links in them. */
export const sendToFriend = {
  schema: z.object({
    propertyId: listingId,
    firstName: linkFreeText('firstNameRequired'),
    lastName: linkFreeText('lastNameRequired'),
    email: email(),
    friendEmail: email('friendEmailInvalid'),
    remark: friendNote,
    privacy,
  }),
  definition: { captcha: true, about: 'property', visitorMail: false, friendMail: { perSenderPerDay: 10, perRecipientPerDay: 3 } },
} satisfies FormKind;
