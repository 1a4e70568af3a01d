// rule go-live: the dashboard's checklist before the first web order ("Stängt tills allt är klart").
import type { GoLiveStep } from '../../../domain/goLive/goLive.js';

export const goLiveTexts = {
  title: 'Stängt tills allt är klart',
  intro:
    'Kiosken tar inte emot beställningar på webben förrän stegen nedan är klara. Då öppnar förbeställningen av sig själv.',
  done: 'Klart',
  todo: 'Att göra',
  progress: (done: number, all: number) => `${done} av ${all} klara`,
  steps: {
    seller: {
      label: 'Fyll i säljarens uppgifter',
      link: 'Inställningar: Säljarens uppgifter',
      href: '/admin/settings#seller-title',
    },
    menu: {
      label: 'Bekräfta menyn: ange allergenerna för varje aktiv pizza (eller byt ut demomenyn)',
      link: 'Pizzor',
      href: '/admin/pizzas',
    },
    opening_hours: {
      label: 'Ställ in öppettiderna',
      link: 'Inställningar: Öppettider',
      href: '/admin/settings#hours-title',
    },
    test_mail: {
      label: 'Skicka ett testmejl och se att det kom fram',
      link: 'Inställningar: Skicka testmejl',
      href: '/admin/settings#test-mail',
    },
    retention: {
      label: 'Välj hur länge kunders personuppgifter sparas',
      link: 'Inställningar: Lagringstid',
      href: '/admin/settings#setting-personal_data_retention_months',
    },
  } satisfies Record<GoLiveStep, { label: string; link: string; href: string }>,
  testMailNoRelay: 'Testmejlet skrevs till en fil i DATA_DIR: SMTP_URL är inte inställd, så inga mejl når kunderna.',
  testMailState: (state: string) =>
    state === 'sent'
      ? 'Testmejlet har skickats.'
      : state === 'failed'
        ? 'Testmejlet misslyckades: se E-postloggen.'
        : 'Testmejlet väntar på att skickas.',
};
