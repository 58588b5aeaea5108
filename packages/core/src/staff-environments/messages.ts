import { defineMessages } from '../i18n';

/** Seed section 2: the staff environment menu, in menu order. */
export const staffEnvironmentMessages = defineMessages({
  public: { id: 'uiRules.staffEnvironment.public', defaultMessage: 'Public' },
  beta: { id: 'uiRules.staffEnvironment.beta', defaultMessage: 'Beta' },
  sandbox: { id: 'uiRules.staffEnvironment.sandbox', defaultMessage: 'Sandbox' },
  c1: { id: 'uiRules.staffEnvironment.c1', defaultMessage: 'C1 (trunkstable)' },
  intern: { id: 'uiRules.staffEnvironment.intern', defaultMessage: 'Intern' },
  production: { id: 'uiRules.staffEnvironment.production', defaultMessage: 'Production' },
});
