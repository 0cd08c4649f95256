import type { Language } from '@wordhoard/shared';
import type { MailMessage } from './mailer';

type PluralForm = 'one' | 'few' | 'many' | 'other';

interface ReminderMailText {
  /** By the plural form of the count of due words; {count} is the count. */
  subject: Partial<Record<PluralForm, string>> & { other: string };
  intro: Partial<Record<PluralForm, string>> & { other: string };
  nudge: string;
  start: string;
  why: string;
  settings: string;
  unsubscribe: string;
  signature: string;
}

/** Reminder wording per interface language (docs/decisions/0054-reminders.md). */
const TEXTS: Record<Language, ReminderMailText> = {
  en: {
    subject: { one: '1 word is waiting for you', other: '{count} words are waiting for you' },
    intro: {
      one: 'You have 1 word due today, and today’s goal is not reached yet.',
      other: 'You have {count} words due today, and today’s goal is not reached yet.',
    },
    nudge: 'A few minutes now keeps them fresh.',
    start: 'Start testing',
    why: 'You get this email because you turned on daily reminders in Wordhoard.',
    settings: 'Change the time or turn reminders off in your settings',
    unsubscribe: 'Unsubscribe from reminders',
    signature: 'The Wordhoard team',
  },
  uk: {
    subject: {
      one: 'На вас чекає {count} слово',
      few: 'На вас чекають {count} слова',
      many: 'На вас чекають {count} слів',
      other: 'На вас чекають {count} слова',
    },
    intro: {
      one: 'Сьогодні на повторення чекає {count} слово, а денну мету ще не досягнуто.',
      few: 'Сьогодні на повторення чекають {count} слова, а денну мету ще не досягнуто.',
      many: 'Сьогодні на повторення чекають {count} слів, а денну мету ще не досягнуто.',
      other: 'Сьогодні на повторення чекають {count} слова, а денну мету ще не досягнуто.',
    },
    nudge: 'Кілька хвилин зараз — і ви їх не забудете.',
    start: 'Почати тест',
    why: 'Ви отримали цей лист, бо ввімкнули щоденні нагадування у Wordhoard.',
    settings: 'Змінити час або вимкнути нагадування можна в налаштуваннях',
    unsubscribe: 'Відписатися від нагадувань',
    signature: 'Команда Wordhoard',
  },
  de: {
    subject: { one: '1 Wort wartet auf dich', other: '{count} Wörter warten auf dich' },
    intro: {
      one: 'Heute ist 1 Wort fällig, und dein Tagesziel ist noch nicht erreicht.',
      other: 'Heute sind {count} Wörter fällig, und dein Tagesziel ist noch nicht erreicht.',
    },
    nudge: 'Ein paar Minuten jetzt, und sie bleiben frisch.',
    start: 'Test starten',
    why: 'Du bekommst diese E-Mail, weil du in Wordhoard tägliche Erinnerungen eingeschaltet hast.',
    settings: 'Uhrzeit ändern oder Erinnerungen ausschalten in den Einstellungen',
    unsubscribe: 'Erinnerungen abbestellen',
    signature: 'Dein Wordhoard-Team',
  },
  fr: {
    subject: {
      one: '{count}\u00a0mot vous attend',
      many: '{count}\u00a0mots vous attendent',
      other: '{count}\u00a0mots vous attendent',
    },
    intro: {
      one: 'Vous avez {count}\u00a0mot à réviser aujourd’hui, et l’objectif du jour n’est pas encore atteint.',
      many: 'Vous avez {count}\u00a0mots à réviser aujourd’hui, et l’objectif du jour n’est pas encore atteint.',
      other:
        'Vous avez {count}\u00a0mots à réviser aujourd’hui, et l’objectif du jour n’est pas encore atteint.',
    },
    nudge: 'Quelques minutes maintenant suffisent à les garder en mémoire.',
    start: 'Commencer le test',
    why: 'Vous recevez cet e-mail parce que vous avez activé les rappels quotidiens dans Wordhoard.',
    settings: 'Changer l’heure ou désactiver les rappels dans vos paramètres',
    unsubscribe: 'Se désabonner des rappels',
    signature: 'L’équipe Wordhoard',
  },
  es: {
    subject: {
      one: 'Te espera {count} palabra',
      many: 'Te esperan {count} palabras',
      other: 'Te esperan {count} palabras',
    },
    intro: {
      one: 'Hoy tienes {count} palabra para repasar y todavía no has alcanzado el objetivo del día.',
      many: 'Hoy tienes {count} palabras para repasar y todavía no has alcanzado el objetivo del día.',
      other: 'Hoy tienes {count} palabras para repasar y todavía no has alcanzado el objetivo del día.',
    },
    nudge: 'Unos minutos ahora bastan para no olvidarlas.',
    start: 'Empezar el test',
    why: 'Recibes este correo porque activaste los recordatorios diarios en Wordhoard.',
    settings: 'Cambia la hora o desactiva los recordatorios en tus ajustes',
    unsubscribe: 'Darse de baja de los recordatorios',
    signature: 'El equipo de Wordhoard',
  },
  it: {
    subject: {
      one: 'Ti aspetta {count} parola',
      many: 'Ti aspettano {count} parole',
      other: 'Ti aspettano {count} parole',
    },
    intro: {
      one: 'Oggi hai {count} parola da ripassare e l’obiettivo del giorno non è ancora raggiunto.',
      many: 'Oggi hai {count} parole da ripassare e l’obiettivo del giorno non è ancora raggiunto.',
      other: 'Oggi hai {count} parole da ripassare e l’obiettivo del giorno non è ancora raggiunto.',
    },
    nudge: 'Bastano pochi minuti adesso per non dimenticarle.',
    start: 'Inizia il test',
    why: 'Ricevi questa email perché hai attivato i promemoria giornalieri su Wordhoard.',
    settings: 'Cambia l’orario o disattiva i promemoria nelle impostazioni',
    unsubscribe: 'Annulla l’iscrizione ai promemoria',
    signature: 'Il team di Wordhoard',
  },
  pl: {
    subject: {
      one: 'Czeka na Ciebie {count} słowo',
      few: 'Czekają na Ciebie {count} słowa',
      many: 'Czeka na Ciebie {count} słów',
      other: 'Czeka na Ciebie {count} słowa',
    },
    intro: {
      one: 'Dziś do powtórki jest {count} słowo, a dzienny cel nie jest jeszcze osiągnięty.',
      few: 'Dziś do powtórki są {count} słowa, a dzienny cel nie jest jeszcze osiągnięty.',
      many: 'Dziś do powtórki jest {count} słów, a dzienny cel nie jest jeszcze osiągnięty.',
      other: 'Dziś do powtórki jest {count} słowa, a dzienny cel nie jest jeszcze osiągnięty.',
    },
    nudge: 'Kilka minut teraz i zostaną w pamięci.',
    start: 'Zacznij test',
    why: 'Dostajesz tę wiadomość, bo w Wordhoard masz włączone codzienne przypomnienia.',
    settings: 'Zmień godzinę lub wyłącz przypomnienia w ustawieniach',
    unsubscribe: 'Wypisz się z przypomnień',
    signature: 'Zespół Wordhoard',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function plural(language: Language, forms: ReminderMailText['subject'], count: number): string {
  const form = new Intl.PluralRules(language).select(count) as PluralForm;
  return (forms[form] ?? forms.other).replace('{count}', String(count));
}

/** Where a reminder mail points; all absolute, on the app's public origin. */
export interface ReminderLinks {
  /** Start testing the due words. */
  start: string;
  /** The reminder settings (/user/edit). */
  settings: string;
  /** A page that asks before unsubscribing (a GET must never unsubscribe by itself). */
  unsubscribePage: string;
  /** The RFC 8058 one-click target: a POST here turns e-mail reminders off. */
  oneClick: string;
}

/**
 * The daily reminder in the user's language, as text and HTML, with `List-Unsubscribe` and
 * `List-Unsubscribe-Post` for one-click unsubscribe (RFC 8058).
 */
export function reminderMail(
  language: Language,
  to: string,
  dueCount: number,
  links: ReminderLinks,
): MailMessage {
  const t = TEXTS[language];
  const subject = plural(language, t.subject, dueCount);
  const intro = plural(language, t.intro, dueCount);
  const text = [
    intro,
    t.nudge,
    '',
    `${t.start}: ${links.start}`,
    '',
    `— ${t.signature}`,
    '',
    t.why,
    `${t.settings}: ${links.settings}`,
    `${t.unsubscribe}: ${links.unsubscribePage}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><body style="margin:0;padding:24px;background:#f6f7f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d2330">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="font-size:16px;line-height:1.5;margin:0 0 8px">${escapeHtml(intro)}</p>
<p style="font-size:16px;line-height:1.5;margin:0 0 24px">${escapeHtml(t.nudge)}</p>
<p style="text-align:center;margin:0 0 24px"><a href="${escapeHtml(links.start)}" style="display:inline-block;padding:12px 24px;background:#3f51b5;color:#ffffff;border-radius:8px;font-weight:600;text-decoration:none">${escapeHtml(t.start)}</a></p>
<p style="font-size:14px;margin:0 0 24px">— ${escapeHtml(t.signature)}</p>
<p style="font-size:12px;line-height:1.5;margin:0 0 4px;color:#5b6275">${escapeHtml(t.why)}</p>
<p style="font-size:12px;line-height:1.5;margin:0;color:#5b6275"><a href="${escapeHtml(links.settings)}" style="color:#3f51b5">${escapeHtml(t.settings)}</a> · <a href="${escapeHtml(links.unsubscribePage)}" style="color:#3f51b5">${escapeHtml(t.unsubscribe)}</a></p>
</div></body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
