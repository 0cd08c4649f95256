import type { MessageCatalog } from './en';

export const de: MessageCatalog = {
  validation: {
    forbiddenCharacters: 'Enthält ein oder mehrere unzulässige Zeichen',
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
    policiesRequired: 'Bitte akzeptiere alle Richtlinien',
    invalidValue: 'Ungültiger Wert',
    invalidFile: 'Die Datei konnte nicht gelesen werden. Prüfe ihr Format',
    duplicateTermInFile: 'Derselbe Begriff wie in Zeile {{line}}; wird übersprungen',
    termExists: 'Schon in diesem Wörterbuch; wird übersprungen',
    overWordLimit: 'Über der Grenze von {{limit}} Wörtern pro Wörterbuch',
    retentionRange: 'Die gewünschte Behaltensquote muss zwischen {{min}} % und {{max}} % liegen',
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
    NOT_OVERRIDABLE:
      'Diese Antwort kann nicht mehr angenommen werden: sie wurde nicht als falsch gewertet, ist schon angenommen, oder das Wort ist schon vorbei',
    TRANSLATION_UNAVAILABLE: 'Die Übersetzung ist gerade nicht verfügbar',
    PAYMENTS_UNAVAILABLE: 'Zahlungen sind gerade nicht möglich',
    ALREADY_PREMIUM: 'Du hast bereits Premium',
    NO_SUBSCRIPTION: 'Du hast kein Abonnement',
    PAYMENT_IN_PROGRESS:
      'Deine vorherige Zahlungsanfrage wird noch bearbeitet. Bitte warte einen Moment und versuche es dann erneut',
    PAYMENT_PROVIDER_ERROR:
      'Der Zahlungsdienst konnte die Anfrage nicht ausführen. Bitte versuche es später noch einmal',
    UPSTREAM_ERROR:
      'Ein Dienst, auf den wir angewiesen sind, hat nicht richtig geantwortet. Bitte versuche es später noch einmal',
    INVALID_SIGNATURE: 'Ungültige Signatur',
    SERVICE_UNAVAILABLE: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuche es gleich noch einmal',
    INTERNAL_ERROR: 'Bei uns ist etwas schiefgelaufen. Bitte versuche es erneut',
  },
  waits: {
    TOO_MANY_REQUESTS_MINUTES: 'Zu viele Versuche. Bitte versuche es in {{minutes}} Minuten erneut',
  },
};
