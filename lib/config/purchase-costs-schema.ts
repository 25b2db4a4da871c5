import { z } from 'zod';
import { isoDateProblem } from '../data-file/dates';

/*
 * data/site/purchase-costs.json: the rates behind "what a purchase costs" on a sale listing and the
 * rental costs on a rental (lib/costs). Belgian regions change their registration duties by decree,
 * so the rates are configuration that staff update, each region with the date its rule applies from
 * and the official pages it comes from; `verifiedOn` says when someone last checked them all.
 * Percentages are written as on the official pages (12.5 for 12,5 %), amounts in euros.
 */

const isoDate = z
  .string()
  .superRefine((value, ctx) => {
    const message = isoDateProblem(value);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  })
  .meta({ description: 'a date written year-month-day, such as 2025-01-01', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

const percent = z
  .number('expected a percentage as a number without quotes or % sign, such as 12.5')
  .min(0, 'a percentage is 0 or more')
  .max(100, 'a percentage is at most 100, written 12.5 for 12,5 %')
  .describe('A percentage written as a number: 12.5 for 12,5 %.');
const euros = z
  .number('expected an amount in euros as a number without quotes, such as 200000')
  .min(0, 'an amount is 0 or more')
  .max(100_000_000, 'an amount this large is surely a typo')
  .describe('An amount in euros, as a number without quotes or thousands separators.');

const source = z.strictObject({
  name: z.string().trim().min(1, 'name the page, such as "Vlaanderen.be – verkooprecht enige eigen woning"').max(200),
  url: z.url({ protocol: /^https$/, error: 'expected the https address of the official page, such as https://www.vlaanderen.be/…' }).max(500),
  // A page in Dutch cited on a French page is read out (and typeset) as Dutch.
  language: z.enum(['nl', 'fr', 'de', 'en'], { error: 'expected the language the page is written in: nl, fr, de or en' }).describe('The language the cited page is written in.'),
  // A page of one region's administration (the Flemish tax office) is cited on that region's listings only.
  regions: z
    .array(z.enum(['flanders', 'wallonia', 'brussels'], { error: 'expected flanders, wallonia or brussels' }))
    .min(1, 'name at least one region, or leave regions out for a page that holds for the whole country')
    .optional()
    .describe('The regions whose listings cite this page; left out, the page holds for the whole country.'),
});

/** A rule for a buyer who will live in the home: a rate, and optionally an abatement on the base (Brussels) or a fixed reduction of the duty (Flanders, modest homes). */
const homeRule = z.strictObject({
  rate: percent,
  abatement: z
    .strictObject({
      amount: euros.describe('No duty on this first part of the price.'),
      priceLimit: euros.describe('Only for a price up to this amount.'),
    })
    .optional(),
  reduction: z
    .strictObject({
      amount: euros.describe('Taken off the duty (never below 0).'),
      priceLimit: euros.describe('Only for a price up to this amount.'),
    })
    .optional(),
});

const regionRules = z.strictObject({
  generalRate: percent.describe('The rate for any other purchase (an investment, a second home).'),
  ownHome: homeRule.describe("The buyer's sole own home."),
  firstHome: homeRule.describe("The buyer's first home (today the same rule as the sole own home in every region)."),
  validFrom: isoDate.describe('The day the rule applies from (the date of the deed).'),
  sources: z.array(source).min(1, 'name at least one official page the rule comes from'),
});

const bracket = z.strictObject({
  upTo: euros.nullable().describe('The upper end of the bracket; null for the last one.'),
  rate: percent,
});

const scale = z
  .array(bracket)
  .min(1, 'a scale has at least one bracket')
  .superRefine((brackets, ctx) => {
    brackets.forEach((item, index) => {
      const last = index === brackets.length - 1;
      if (last && item.upTo !== null) ctx.addIssue({ code: 'custom', path: [index, 'upTo'], message: 'the last bracket has no upper end: write null' });
      if (!last && item.upTo === null) ctx.addIssue({ code: 'custom', path: [index, 'upTo'], message: 'only the last bracket may have no upper end (null)' });
      const previous = index > 0 ? brackets[index - 1]?.upTo : 0;
      if (item.upTo !== null && previous !== null && previous !== undefined && item.upTo <= previous) {
        ctx.addIssue({ code: 'custom', path: [index, 'upTo'], message: `the brackets must rise: ${item.upTo} is not above the previous upper end ${previous}` });
      }
    });
  });

const deedCosts = z.strictObject({
  administrativeCosts: euros.describe("The notary's flat administrative costs for this deed, before VAT."),
  expenses: euros.describe('Costs paid to third parties (certificates, searches, the registration of the deed), an estimate.'),
  writingsDuty: euros.describe("The duty on writings (recht op geschriften / droit d'écriture)."),
});

export const purchaseCostsSchema = z.strictObject({
  verifiedOn: isoDate.describe('The day the rates were last checked against the sources.'),
  registrationDuties: z.strictObject({ flanders: regionRules, wallonia: regionRules, brussels: regionRules }),
  notary: z.strictObject({
    saleScale: scale.describe("The legal scale of the notary's fee for a sale (Royal Decree of 16 December 1950), in brackets of the price."),
    creditScale: scale.describe("The legal scale of the notary's fee for a credit deed, in brackets of the loan."),
    vatRate: percent.describe("VAT on the notary's fee and administrative costs."),
    sale: deedCosts,
    credit: deedCosts,
    sources: z.array(source).min(1, 'name at least one page the scale and costs come from'),
  }),
  mortgage: z.strictObject({
    accessoriesRate: percent.describe('What banks register on top of the loan (accessories), usually 5 to 10 %.'),
    registrationRate: percent.describe('The registration duty on the mortgage.'),
    mortgageFeeRate: percent.describe("The mortgage registration fee (droit d'hypothèque / inschrijvingsrecht)."),
    registrarFee: euros.describe('The fee of the land-registry office (rétribution / retributie), an estimate.'),
    sources: z.array(source).min(1, 'name at least one page the mortgage costs come from'),
  }),
  newBuild: z.strictObject({
    vatRate: percent.describe('The VAT on a new building, to work out the land share of a price whose VAT the listing gives.'),
  }),
  rental: z.strictObject({
    depositMonths: z.number().int().min(0).max(6).describe('Months of rent asked as a deposit when the listing does not give the amount.'),
  }),
});

export type PurchaseCostRules = z.infer<typeof purchaseCostsSchema>;
