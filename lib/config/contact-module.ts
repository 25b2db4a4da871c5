/*
 * The forms a menu page's contact module can carry: menu.json's vocabulary, so the configuration's
 * checks (checks.ts) read it here; components/forms draws each one.
 */

/** The forms a menu page's contact module can carry; the module's relation id names one. */
export const contactModuleForms = ['site-contact', 'contact-demand', 'demand-register', 'testimonial', 'job-application'] as const;
export type ContactModuleForm = (typeof contactModuleForms)[number];

export function isContactModuleForm(value: string): value is ContactModuleForm {
  return (contactModuleForms as readonly string[]).includes(value);
}
