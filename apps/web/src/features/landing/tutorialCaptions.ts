import type { Language } from '@wordhoard/shared';

/**
 * The tutorial video's captions, one cue per step of the recording. `npm run record:tutorial`
 * (e2e/scripts/record-tutorial.ts) times each cue by the moment its step starts in the recording
 * and writes public/tutorial/tutorial-<size>.<language>.vtt. Edit the texts here, then record again.
 *
 * The video shows the English interface, so the captions describe what happens rather than
 * quote button labels.
 */
export const TUTORIAL_STEPS = [
  'welcome',
  'guest',
  'create',
  'words',
  'start',
  'answer',
  'check',
  'skip',
  'report',
] as const;

export type TutorialStep = (typeof TUTORIAL_STEPS)[number];

export const TUTORIAL_CAPTIONS: Readonly<Record<TutorialStep, Readonly<Record<Language, string>>>> = {
  welcome: {
    en: 'This is Wordhoard: your own dictionaries, and short tests to learn their words.',
    uk: 'Це Wordhoard: ваші власні словники й короткі тести, щоб вивчити їхні слова.',
    de: 'Das ist Wordhoard: deine eigenen Wörterbücher und kurze Tests, mit denen du ihre Wörter lernst.',
    fr: 'Voici Wordhoard : vos propres dictionnaires et de courts tests pour en apprendre les mots.',
    es: 'Esto es Wordhoard: tus propios diccionarios y pruebas cortas para aprender sus palabras.',
    it: 'Questo è Wordhoard: i tuoi dizionari e brevi test per impararne le parole.',
    pl: 'To jest Wordhoard: własne słowniki i krótkie testy, dzięki którym nauczysz się ich słów.',
  },
  guest: {
    en: 'Start as a guest – no account needed. Just accept the policies.',
    uk: 'Почніть як гість — обліковий запис не потрібен. Лише погодьтеся з правилами.',
    de: 'Starte als Gast – ganz ohne Konto. Du musst nur den Richtlinien zustimmen.',
    fr: 'Commencez en tant qu’invité, sans créer de compte. Il suffit d’accepter les conditions.',
    es: 'Empieza como invitado, sin necesidad de cuenta. Solo tienes que aceptar las políticas.',
    it: 'Inizia come ospite, senza bisogno di un account. Basta accettare le condizioni.',
    pl: 'Zacznij jako gość – konto nie jest potrzebne. Wystarczy zaakceptować zasady.',
  },
  create: {
    en: 'Create a dictionary: give it a name and pick the language of the terms and of their definitions.',
    uk: 'Створіть словник: дайте йому назву й виберіть мову термінів і мову їхніх визначень.',
    de: 'Leg ein Wörterbuch an: Gib ihm einen Namen und wähle die Sprache der Begriffe und die ihrer Bedeutungen.',
    fr: 'Créez un dictionnaire : donnez-lui un nom et choisissez la langue des termes et celle de leurs définitions.',
    es: 'Crea un diccionario: ponle un nombre y elige el idioma de los términos y el de sus definiciones.',
    it: 'Crea un dizionario: dagli un nome e scegli la lingua dei termini e quella delle loro definizioni.',
    pl: 'Utwórz słownik: nadaj mu nazwę i wybierz język haseł oraz język ich definicji.',
  },
  words: {
    en: 'Add a few words. A word can have several definitions: separate them with commas.',
    uk: 'Додайте кілька слів. Слово може мати кілька визначень — розділяйте їх комами.',
    de: 'Füge ein paar Wörter hinzu. Ein Wort kann mehrere Bedeutungen haben – trenne sie durch Kommas.',
    fr: 'Ajoutez quelques mots. Un mot peut avoir plusieurs définitions : séparez-les par des virgules.',
    es: 'Añade unas cuantas palabras. Una palabra puede tener varias definiciones: sepáralas con comas.',
    it: 'Aggiungi qualche parola. Una parola può avere più definizioni: separale con una virgola.',
    pl: 'Dodaj kilka słów. Słowo może mieć kilka definicji – oddziel je przecinkami.',
  },
  start: {
    en: 'Now set up a test on your dictionary and start it.',
    uk: 'Тепер налаштуйте тест за своїм словником і почніть його.',
    de: 'Richte jetzt einen Test zu deinem Wörterbuch ein und starte ihn.',
    fr: 'Préparez maintenant un test sur votre dictionnaire et lancez-le.',
    es: 'Ahora configura una prueba con tu diccionario y empiézala.',
    it: 'Ora imposta un test sul tuo dizionario e avvialo.',
    pl: 'Teraz przygotuj test ze swojego słownika i go rozpocznij.',
  },
  answer: {
    en: 'Type each definition you remember and press Enter. Some words need more than one.',
    uk: 'Введіть кожне визначення, яке пам’ятаєте, і натисніть Enter. Деяким словам потрібно кілька.',
    de: 'Tipp jede Bedeutung ein, an die du dich erinnerst, und drück Enter. Manche Wörter brauchen mehr als eine.',
    fr: 'Tapez chaque définition dont vous vous souvenez, puis appuyez sur Entrée. Certains mots en demandent plusieurs.',
    es: 'Escribe cada definición que recuerdes y pulsa Intro. Algunas palabras piden más de una.',
    it: 'Scrivi ogni definizione che ricordi e premi Invio. Alcune parole ne richiedono più di una.',
    pl: 'Wpisz każdą definicję, którą pamiętasz, i naciśnij Enter. Niektóre słowa wymagają kilku.',
  },
  check: {
    en: 'A mistake? The check shows the right answers, and you can try the word again.',
    uk: 'Помилилися? Перевірка покаже правильні відповіді, і ви зможете спробувати це слово ще раз.',
    de: 'Vertan? Die Prüfung zeigt dir die richtigen Antworten, und du kannst das Wort noch einmal versuchen.',
    fr: 'Une erreur ? La vérification affiche les bonnes réponses, et vous pouvez retenter le mot.',
    es: '¿Un error? La comprobación te muestra las respuestas correctas y puedes volver a intentar la palabra.',
    it: 'Un errore? La verifica ti mostra le risposte giuste e puoi riprovare la parola.',
    pl: 'Pomyłka? Sprawdzenie pokaże poprawne odpowiedzi, a słowo możesz spróbować jeszcze raz.',
  },
  skip: {
    en: 'Don’t know a word? Skip it and see its answers.',
    uk: 'Не знаєте слова? Пропустіть його й подивіться відповіді.',
    de: 'Du kennst ein Wort nicht? Überspring es und sieh dir die Antworten an.',
    fr: 'Vous ne connaissez pas un mot ? Passez-le et découvrez ses réponses.',
    es: '¿No sabes una palabra? Sáltala y mira sus respuestas.',
    it: 'Non conosci una parola? Saltala e guarda le risposte.',
    pl: 'Nie znasz słowa? Pomiń je i zobacz odpowiedzi.',
  },
  report: {
    en: 'At the end, the report shows what you got right, what you got wrong and what you skipped.',
    uk: 'Наприкінці звіт покаже, на що ви відповіли правильно, де помилилися і що пропустили.',
    de: 'Am Ende zeigt dir der Bericht, was richtig war, was falsch war und was du übersprungen hast.',
    fr: 'À la fin, le bilan montre ce que vous avez réussi, ce que vous avez raté et ce que vous avez passé.',
    es: 'Al final, el informe te muestra lo que acertaste, lo que fallaste y lo que saltaste.',
    it: 'Alla fine, il resoconto mostra cosa hai indovinato, cosa hai sbagliato e cosa hai saltato.',
    pl: 'Na koniec raport pokaże, ile odpowiedzi było dobrych, ile złych i ile słów pominięto.',
  },
};
