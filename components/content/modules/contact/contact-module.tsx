import type { ModuleView } from '../module-view';
import { ContactView } from './contact-view';

/** The form relations.id names, then the agency's details. */
export const contactModule: ModuleView = (module, language, level) => ({ body: <ContactView language={language} headingLevel={level} form={module.relations.id} />, framed: true });
