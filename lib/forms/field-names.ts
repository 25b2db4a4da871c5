/*
 * The names of the fields every form carries beside its own, shared by the page (components/forms)
 * and the route handler: kept here, apart from the server-only modules, so that both read one name.
 */

/** The form field that carries a solved ALTCHA challenge (the widget's hidden input, or the JSON key). */
export const altchaField = 'altcha';

/** The field bots fill in and people never see: a request that fills it is thanked and dropped. */
export const honeypotField = 'fax';
