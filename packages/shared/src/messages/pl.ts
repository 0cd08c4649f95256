import type { MessageCatalog } from './en';

// Numbers stand after a colon or an abbreviation ("znaków: 31", "za 5 s"), so the
// wording fits any number without Polish plural agreement.
export const pl: MessageCatalog = {
  validation: {
    forbiddenCharacters: 'Zawiera co najmniej jeden niedozwolony znak',
    maxLength: 'Maksymalna liczba znaków: {{length}}',
    minLength: 'Minimalna liczba znaków: {{length}}',
    required: 'To pole jest wymagane',
    email: 'Podaj prawidłowy adres e-mail',
    password: 'Nieprawidłowe hasło',
    digitsOnly: 'Dozwolone są tylko cyfry',
    codeLength: 'Liczba cyfr w kodzie: {{length}}',
    duplicateDefinition: 'Ta definicja jest już na liście',
    definitionsRequired: 'Dodaj co najmniej jedną definicję',
    tooManyDefinitions: 'Maksymalna liczba definicji słowa: {{count}}',
    tooManyExamples: 'Maksymalna liczba przykładów słowa: {{count}}',
    duplicateExample: 'Ten przykład jest już na liście',
    policiesRequired: 'Należy zaakceptować wszystkie zasady',
    invalidValue: 'Nieprawidłowa wartość',
    unknownLanguage: 'Wybierz język z listy',
    invalidFile: 'Nie udało się odczytać pliku. Sprawdź jego format',
    duplicateTermInFile: 'Ten sam termin co w wierszu {{line}}; pominięto',
    termExists: 'Już jest w tym słowniku; pominięto',
    overWordLimit: 'Ponad limit {{limit}} słów na słownik',
    retentionRange: 'Wybierz docelowy poziom zapamiętywania od {{min}}% do {{max}}%',
    leechThresholdRange: 'Wybierz próg trudnych słów od {{min}} do {{max}} zapomnień',
    invalidDate: 'Wpisz prawidłową datę',
    timeZone: 'Wybierz strefę czasową z listy',
    dailyGoalRange: 'Wybierz dzienny cel od {{min}} do {{max}} słów',
    reminderTime: 'Wpisz godzinę w formacie GG:MM, od 00:00 do 23:59',
  },
  apiErrors: {
    VALIDATION_ERROR: 'Niektóre pola są wypełnione nieprawidłowo',
    BAD_REQUEST: 'Nie udało się przetworzyć żądania',
    UNAUTHORIZED: 'Zaloguj się, aby kontynuować',
    FORBIDDEN: 'Nie masz do tego dostępu',
    ROLE_NOT_ALLOWED: 'Ta funkcja nie jest dostępna dla Twojego konta',
    BAD_ORIGIN: 'Żądanie pochodziło z innej witryny i zostało odrzucone',
    NOT_FOUND: 'Nie znaleziono',
    ROUTE_NOT_FOUND: 'Ten adres nie istnieje',
    PAYLOAD_TOO_LARGE: 'Żądanie jest zbyt duże',
    TOO_MANY_REQUESTS: 'Zbyt wiele prób. Spróbuj ponownie za {{seconds}} s',
    EMAIL_TAKEN: 'Konto z tym adresem e-mail już istnieje',
    INVALID_CREDENTIALS: 'Nieprawidłowy adres e-mail lub hasło',
    INCORRECT_CODE: 'Nieprawidłowy kod weryfikacyjny',
    CODE_EXPIRED: 'Kod wygasł. Poproś o nowy',
    ALREADY_VERIFIED: 'Twój adres e-mail jest już zweryfikowany',
    INVALID_GOOGLE_TOKEN: 'Logowanie przez Google nie powiodło się. Spróbuj ponownie',
    GOOGLE_ALREADY_LINKED:
      'To konto Google jest już powiązane z innym kontem Wordhoard. Użyj innego konta Google albo zarejestruj się za pomocą adresu e-mail',
    GOOGLE_UNAVAILABLE: 'Logowanie przez Google jest niedostępne',
    CURRENT_PASSWORD_REQUIRED: 'Wpisz obecne hasło, aby potwierdzić',
    WRONG_CURRENT_PASSWORD: 'Obecne hasło jest nieprawidłowe',
    GOOGLE_CONFIRMATION_REQUIRED: 'Zaloguj się ponownie przez Google, aby potwierdzić',
    GOOGLE_CONFIRMATION_FAILED:
      'Google nie potwierdził, że to Ty. Zaloguj się ponownie kontem Google, którego używasz w Wordhoard',
    DELETION_CONFIRMATION_REQUIRED: 'Potwierdź, że chcesz usunąć swoje konto',
    MAX_DICTIONARIES: 'Dla roli „{{role}}” maksymalna liczba słowników wynosi {{limit}}',
    MAX_WORDS: 'Masz już maksymalną liczbę słów',
    DUPLICATE_TERM: 'Termin „{{term}}” jest już w tym słowniku',
    MAX_TESTS: 'Osiągnięto dzisiejszy limit testów',
    EMPTY_TEST: 'Żadne słowo nie pasuje do tych opcji',
    NO_ACTIVE_TEST: 'Nie ma trwającego testu',
    NOT_ENOUGH_REVIEWS:
      'Parametry osobiste wymagają co najmniej {{min}} powtórek; na razie masz ich {{reviews}}',
    WORD_NOT_CURRENT: 'Ta odpowiedź nie dotyczy bieżącego słowa w Twoim teście',
    WORD_CHANGED:
      'W międzyczasie to słowo zostało zmienione gdzie indziej. Wczytaj je ponownie, aby zobaczyć zmiany, i edytuj jeszcze raz',
    NOT_OVERRIDABLE:
      'Tej odpowiedzi nie można już uznać: nie została oceniona jako błędna, już ją uznano albo słowo już minęło',
    TRANSLATION_UNAVAILABLE: 'Tłumaczenie jest obecnie niedostępne',
    PAYMENTS_UNAVAILABLE: 'Płatności są obecnie niedostępne',
    PUSH_UNAVAILABLE: 'Powiadomienia push nie są dostępne na tym serwerze',
    ALREADY_PREMIUM: 'Masz już Premium',
    NO_SUBSCRIPTION: 'Nie masz subskrypcji',
    PAYMENT_IN_PROGRESS:
      'Twoja poprzednia operacja płatności jest jeszcze przetwarzana. Poczekaj chwilę i spróbuj ponownie',
    PAYMENT_PROVIDER_ERROR: 'Operator płatności nie mógł zrealizować żądania. Spróbuj ponownie później',
    UPSTREAM_ERROR: 'Usługa, z której korzystamy, nie odpowiedziała poprawnie. Spróbuj ponownie później',
    INVALID_SIGNATURE: 'Nieprawidłowy podpis',
    INVALID_ANKI_PACKAGE:
      'To nie jest pakiet Anki (.apkg), który potrafimy odczytać. Wyeksportuj talię z Anki ponownie i spróbuj jeszcze raz',
    ANKI_PACKAGE_TOO_COMPLEX:
      'Ten pakiet jest za duży, by go tu odczytać (najwyżej {{notes}} notatek, odczytanych w ciągu {{seconds}} s). Podziel talię w Anki i zaimportuj części po kolei',
    UNSUPPORTED_MEDIA_TYPE: 'Ten rodzaj pliku nie jest tu przyjmowany. Dozwolone: {{types}}',
    INVALID_PICTURE: 'Nie udało się odczytać tego obrazu. Prześlij obraz JPEG, PNG, WebP lub AVIF',
    PICTURE_TOO_LARGE:
      'Ten obraz ma za dużo pikseli (najwyżej {{megapixels}} megapikseli w tym formacie). Zmniejsz go i spróbuj ponownie',
    INVALID_AUDIO:
      'Nie udało się odczytać tego nagrania. Nagraj je jeszcze raz albo prześlij inny plik audio',
    AUDIO_TOO_LONG: 'Nagranie może trwać najwyżej {{seconds}} s',
    MEDIA_QUOTA_EXCEEDED:
      'Brak miejsca na ten plik: Twoje obrazy i nagrania mogą zajmować do {{quota}} MB. Usuń część z nich i spróbuj ponownie',
    SERVICE_UNAVAILABLE: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę',
    INTERNAL_ERROR: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie',
  },
  waits: {
    TOO_MANY_REQUESTS_MINUTES: 'Zbyt wiele prób. Spróbuj ponownie za {{minutes}} min',
  },
  push: {
    reminderTitle: 'Czas powtórzyć słówka',
    reminderBody_one: '{{count}} słówko czeka na powtórkę',
    reminderBody_few: '{{count}} słówka czekają na powtórkę',
    reminderBody_many: '{{count}} słówek czeka na powtórkę',
    reminderBody_other: '{{count}} słówka czeka na powtórkę',
  },
};
