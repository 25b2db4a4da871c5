/** The form field that carries a solved ALTCHA challenge (the widget's hidden input, or the JSON key). */
export const altchaField = 'altcha';
