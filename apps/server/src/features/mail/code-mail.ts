import type { Language } from '@wordhoard/shared';
import type { EmailCodePurpose } from '../../db/schema';
import type { MailMessage } from './mailer';

interface CodeMailText {
  subject: Record<EmailCodePurpose, string>;
  intro: Record<EmailCodePurpose, string>;
  validity: string;
  ignore: string;
  signature: string;
}

/** Mail wording per interface language; {minutes} is the code's lifetime. */
const TEXTS: Record<Language, CodeMailText> = {
  en: {
    subject: { verify: 'Your Wordhoard verification code', restore: 'Your Wordhoard password reset code' },
    intro: {
      verify: 'Welcome to Wordhoard! Enter this code to confirm your email address:',
      restore: 'Someone (hopefully you) asked to reset your Wordhoard password. Enter this code to continue:',
    },
    validity: 'The code is valid for {minutes} minutes and can be used once.',
    ignore: 'If you did not ask for this, ignore this email: nothing will change.',
    signature: 'The Wordhoard team',
  },
  uk: {
    subject: {
      verify: 'Ваш код підтвердження Wordhoard',
      restore: 'Ваш код для відновлення пароля Wordhoard',
    },
    intro: {
      verify: 'Вітаємо у Wordhoard! Введіть цей код, щоб підтвердити свою електронну адресу:',
      restore:
        'Хтось (сподіваємося, ви) попросив відновити пароль до Wordhoard. Введіть цей код, щоб продовжити:',
    },
    validity: 'Код дійсний {minutes} хвилин, і його можна використати лише один раз.',
    ignore: 'Якщо ви цього не робили, просто проігноруйте цей лист: нічого не зміниться.',
    signature: 'Команда Wordhoard',
  },
  de: {
    subject: {
      verify: 'Dein Wordhoard-Bestätigungscode',
      restore: 'Dein Code zum Zurücksetzen des Wordhoard-Passworts',
    },
    intro: {
      verify: 'Willkommen bei Wordhoard! Gib diesen Code ein, um deine E-Mail-Adresse zu bestätigen:',
      restore:
        'Jemand (hoffentlich du) möchte dein Wordhoard-Passwort zurücksetzen. Gib diesen Code ein, um fortzufahren:',
    },
    validity: 'Der Code ist {minutes} Minuten gültig und kann einmal verwendet werden.',
    ignore: 'Wenn du das nicht warst, ignoriere diese E-Mail einfach: Es ändert sich nichts.',
    signature: 'Dein Wordhoard-Team',
  },
  fr: {
    subject: {
      verify: 'Votre code de vérification Wordhoard',
      restore: 'Votre code de réinitialisation du mot de passe Wordhoard',
    },
    intro: {
      verify: 'Bienvenue sur Wordhoard\u00a0! Saisissez ce code pour confirmer votre adresse e-mail\u00a0:',
      restore:
        'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser votre mot de passe Wordhoard. Saisissez ce code pour continuer\u00a0:',
    },
    validity: 'Ce code est valable {minutes} minutes et ne peut être utilisé qu’une fois.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: rien ne changera.',
    signature: 'L’équipe Wordhoard',
  },
  es: {
    subject: {
      verify: 'Tu código de verificación de Wordhoard',
      restore: 'Tu código para restablecer la contraseña de Wordhoard',
    },
    intro: {
      verify:
        '¡Te damos la bienvenida a Wordhoard! Introduce este código para confirmar tu correo electrónico:',
      restore:
        'Alguien (esperamos que tú) ha pedido restablecer tu contraseña de Wordhoard. Introduce este código para continuar:',
    },
    validity: 'El código es válido durante {minutes} minutos y solo se puede usar una vez.',
    ignore: 'Si no lo has pedido tú, ignora este correo: no cambiará nada.',
    signature: 'El equipo de Wordhoard',
  },
  it: {
    subject: {
      verify: 'Il tuo codice di verifica Wordhoard',
      restore: 'Il tuo codice per reimpostare la password di Wordhoard',
    },
    intro: {
      verify: 'Benvenuto su Wordhoard! Inserisci questo codice per confermare il tuo indirizzo email:',
      restore:
        'Qualcuno (speriamo tu) ha chiesto di reimpostare la password di Wordhoard. Inserisci questo codice per continuare:',
    },
    validity: 'Il codice è valido per {minutes} minuti e si può usare una sola volta.',
    ignore: 'Se non sei stato tu, ignora questa email: non cambierà nulla.',
    signature: 'Il team di Wordhoard',
  },
  pl: {
    subject: {
      verify: 'Twój kod weryfikacyjny Wordhoard',
      restore: 'Twój kod do resetowania hasła Wordhoard',
    },
    intro: {
      verify: 'Witamy w Wordhoard! Wpisz ten kod, aby potwierdzić swój adres e-mail:',
      restore:
        'Ktoś (mamy nadzieję, że Ty) poprosił o zresetowanie hasła do Wordhoard. Wpisz ten kod, aby kontynuować:',
    },
    validity: 'Kod jest ważny przez {minutes} min i można go użyć tylko raz.',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieni.',
    signature: 'Zespół Wordhoard',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The code mail in the user's language, as text and HTML, with the code set apart and large. */
export function codeMail(
  language: Language,
  purpose: EmailCodePurpose,
  to: string,
  code: string,
  minutes: number,
): MailMessage {
  const t = TEXTS[language];
  const validity = t.validity.replace('{minutes}', String(minutes));
  const text = [t.intro[purpose], '', `    ${code}`, '', validity, t.ignore, '', `— ${t.signature}`].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="${language}"><body style="margin:0;padding:24px;background:#f6f7f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d2330">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="font-size:16px;line-height:1.5;margin:0 0 24px">${escapeHtml(t.intro[purpose])}</p>
<p style="font-size:36px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace;text-align:center;margin:0 0 24px;padding:16px;background:#eef2ff;border-radius:8px">${code}</p>
<p style="font-size:14px;line-height:1.5;margin:0 0 8px">${escapeHtml(validity)}</p>
<p style="font-size:14px;line-height:1.5;margin:0 0 24px;color:#5b6275">${escapeHtml(t.ignore)}</p>
<p style="font-size:14px;margin:0">— ${escapeHtml(t.signature)}</p>
</div></body></html>`;
  return { to, subject: t.subject[purpose], text, html };
}
