import type { MessageCatalog } from './en';

export const de: MessageCatalog = {
  validation: {
    forbiddenCharacters: 'Enthält ein oder mehrere unzulässige Zeichen',
    forbiddenCharacter: 'Das Zeichen „{{character}}“ ist hier nicht erlaubt',
    maxLength: 'Darf höchstens {{length}} Zeichen lang sein',
    minLength: 'Muss mindestens {{length}} Zeichen lang sein',
    required: 'Dieses Feld ist erforderlich',
    email: 'Bitte gib eine gültige E-Mail-Adresse ein',
    password: 'Ungültiges Passwort',
    digitsOnly: 'Nur Ziffern sind erlaubt',
    codeLength: 'Der Code besteht aus {{length}} Ziffern',
    duplicateDefinition: 'Diese Definition steht bereits in der Liste',
    definitionsRequired: 'Füge mindestens eine Definition hinzu',
    tooManyDefinitions: 'Ein Wort kann höchstens {{count}} Bedeutungen haben',
    tooManyExamples: 'Ein Wort kann höchstens {{count}} Beispielsätze haben',
    duplicateExample: 'Dieser Beispielsatz steht bereits in der Liste',
    policiesRequired: 'Bitte akzeptiere alle Richtlinien',
    invalidValue: 'Ungültiger Wert',
    unknownLanguage: 'Wähle eine Sprache aus der Liste',
    invalidFile: 'Die Datei konnte nicht gelesen werden. Prüfe ihr Format',
    duplicateTermInFile: 'Derselbe Begriff wie in Zeile {{line}}; wird übersprungen',
    termExists: 'Schon in diesem Wörterbuch; wird übersprungen',
    overWordLimit: 'Über der Grenze von {{limit}} Wörtern pro Wörterbuch',
    retentionRange: 'Die gewünschte Behaltensquote muss zwischen {{min}} % und {{max}} % liegen',
    leechThresholdRange: 'Die Schwelle für Problemwörter muss zwischen {{min}} und {{max}} Aussetzern liegen',
    invalidDate: 'Gib ein gültiges Datum ein',
    timeZone: 'Wähle eine Zeitzone aus der Liste',
    dailyGoalRange: 'Wähle ein Tagesziel zwischen {{min}} und {{max}} Wörtern',
    reminderTime: 'Gib eine Uhrzeit im Format HH:MM ein, von 00:00 bis 23:59',
  },
  apiErrors: {
    VALIDATION_ERROR: 'Einige Felder sind nicht korrekt ausgefüllt',
    BAD_REQUEST: 'Die Anfrage konnte nicht verarbeitet werden',
    UNAUTHORIZED: 'Bitte melde dich an, um fortzufahren',
    FORBIDDEN: 'Darauf hast du keinen Zugriff',
    ROLE_NOT_ALLOWED: 'Das ist für dein Konto nicht verfügbar',
    BAD_ORIGIN: 'Die Anfrage kam von einer anderen Website und wurde abgelehnt',
    NOT_FOUND: 'Nicht gefunden',
    ROUTE_NOT_FOUND: 'Diese Adresse gibt es nicht',
    PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß',
    TOO_MANY_REQUESTS: 'Zu viele Versuche. Bitte versuche es in {{seconds}} Sekunden erneut',
    EMAIL_TAKEN: 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto',
    SIGNUP_CLOSED: 'Dieser Server nimmt keine neuen Konten an. Wenn du schon ein Konto hast, melde dich an',
    INVITE_REQUIRED:
      'Die Registrierung auf diesem Server ist nur mit Einladung möglich. Gib deinen Einladungscode ein',
    INVITE_INVALID: 'Dieser Einladungscode gilt nicht: Er ist falsch, schon benutzt oder abgelaufen',
    GUESTS_CLOSED: 'Dieser Server bietet keinen Gastzugang. Melde dich an oder registriere dich',
    INVALID_CREDENTIALS: 'E-Mail-Adresse oder Passwort ist falsch',
    INCORRECT_CODE: 'Falscher Bestätigungscode',
    CODE_EXPIRED: 'Der Code ist abgelaufen. Bitte fordere einen neuen an',
    ALREADY_VERIFIED: 'Deine E-Mail-Adresse ist bereits bestätigt',
    INVALID_GOOGLE_TOKEN: 'Die Anmeldung mit Google ist fehlgeschlagen. Bitte versuche es erneut',
    GOOGLE_ALREADY_LINKED:
      'Dieses Google-Konto gehört bereits zu einem anderen Wordhoard-Konto. Nutze ein anderes Google-Konto oder registriere dich mit deiner E-Mail-Adresse',
    GOOGLE_UNAVAILABLE: 'Die Anmeldung mit Google ist nicht verfügbar',
    CURRENT_PASSWORD_REQUIRED: 'Gib zur Bestätigung dein aktuelles Passwort ein',
    WRONG_CURRENT_PASSWORD: 'Das aktuelle Passwort ist falsch',
    GOOGLE_CONFIRMATION_REQUIRED: 'Melde dich zur Bestätigung erneut mit Google an',
    GOOGLE_CONFIRMATION_FAILED:
      'Google konnte nicht bestätigen, dass du es bist. Melde dich erneut mit dem Google-Konto an, das du für Wordhoard verwendest',
    DELETION_CONFIRMATION_REQUIRED: 'Bestätige, dass du dein Konto löschen möchtest',
    MAX_DICTIONARIES:
      'Für die Rolle „{{role}}“ ist die maximale Anzahl an Wörterbüchern auf {{limit}} festgelegt',
    MAX_WORDS: 'Du hast bereits die maximale Anzahl an Wörtern',
    DUPLICATE_TERM: 'Der Begriff „{{term}}“ ist bereits in diesem Wörterbuch',
    MAX_TESTS: 'Die maximale Anzahl an Tests für heute ist erreicht',
    EMPTY_TEST: 'Zu diesen Optionen passen keine Wörter',
    NO_ACTIVE_TEST: 'Es läuft gerade kein Test',
    NOT_ENOUGH_REVIEWS:
      'Für persönliche Parameter brauchst du mindestens {{min}} Wiederholungen; bisher hast du {{reviews}}',
    WORD_NOT_CURRENT: 'Diese Antwort gehört nicht zum aktuellen Wort deines Tests',
    WORD_CHANGED:
      'Dieses Wort wurde inzwischen an anderer Stelle geändert. Lade es neu, um die Änderungen zu sehen, und bearbeite es dann erneut',
    NOT_OVERRIDABLE:
      'Diese Antwort kann nicht mehr angenommen werden: sie wurde nicht als falsch gewertet, ist schon angenommen, oder das Wort ist schon vorbei',
    TRANSLATION_UNAVAILABLE: 'Die Übersetzung ist gerade nicht verfügbar',
    PAYMENTS_UNAVAILABLE: 'Zahlungen sind gerade nicht möglich',
    PUSH_UNAVAILABLE: 'Push-Benachrichtigungen sind auf diesem Server nicht verfügbar',
    PUSH_ENDPOINT_NOT_ALLOWED:
      'Dieser Server sendet keine Benachrichtigungen über den Push-Dienst dieses Browsers',
    ALREADY_PREMIUM: 'Du hast bereits Premium',
    NO_SUBSCRIPTION: 'Du hast kein Abonnement',
    PAYMENT_IN_PROGRESS:
      'Deine vorherige Zahlungsanfrage wird noch bearbeitet. Bitte warte einen Moment und versuche es dann erneut',
    PAYMENT_PROVIDER_ERROR:
      'Der Zahlungsdienst konnte die Anfrage nicht ausführen. Bitte versuche es später noch einmal',
    UPSTREAM_ERROR:
      'Ein Dienst, auf den wir angewiesen sind, hat nicht richtig geantwortet. Bitte versuche es später noch einmal',
    INVALID_SIGNATURE: 'Ungültige Signatur',
    INVALID_ANKI_PACKAGE:
      'Das ist kein Anki-Paket (.apkg), das wir lesen können. Exportiere den Stapel erneut aus Anki und versuche es noch einmal',
    ANKI_PACKAGE_TOO_COMPLEX:
      'Dieses Paket ist zu groß, um es hier zu lesen (höchstens {{notes}} Notizen, gelesen in {{seconds}} s). Teile den Stapel in Anki auf und importiere die Teile einzeln',
    UNSUPPORTED_MEDIA_TYPE: 'Dieser Dateityp wird hier nicht angenommen. Möglich sind: {{types}}',
    INVALID_PICTURE:
      'Dieses Bild konnte nicht gelesen werden. Lade ein JPEG-, PNG-, WebP- oder AVIF-Bild hoch',
    PICTURE_TOO_LARGE:
      'Dieses Bild hat zu viele Pixel (höchstens {{megapixels}} Megapixel in diesem Format). Verkleinere es und versuche es noch einmal',
    INVALID_AUDIO:
      'Diese Aufnahme konnte nicht gelesen werden. Nimm sie noch einmal auf oder lade eine andere Audiodatei hoch',
    AUDIO_TOO_LONG: 'Eine Aufnahme darf höchstens {{seconds}} Sekunden lang sein',
    MEDIA_QUOTA_EXCEEDED:
      'Für diese Datei ist kein Platz mehr: Deine Bilder und Aufnahmen dürfen bis zu {{quota}} MB belegen. Lösche einige und versuche es noch einmal',
    SERVICE_UNAVAILABLE: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuche es gleich noch einmal',
    INTERNAL_ERROR: 'Bei uns ist etwas schiefgelaufen. Bitte versuche es erneut',
  },
  waits: {
    TOO_MANY_REQUESTS_MINUTES: 'Zu viele Versuche. Bitte versuche es in {{minutes}} Minuten erneut',
  },
  push: {
    reminderTitle: 'Zeit, deine Wörter zu wiederholen',
    reminderBody_one: '{{count}} Wort wartet auf die Wiederholung',
    reminderBody_few: '{{count}} Wörter warten auf die Wiederholung',
    reminderBody_many: '{{count}} Wörter warten auf die Wiederholung',
    reminderBody_other: '{{count}} Wörter warten auf die Wiederholung',
  },
};
