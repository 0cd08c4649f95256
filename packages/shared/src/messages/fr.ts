import type { MessageCatalog } from './en';

// French guillemets take a no-break space (\u00a0) inside, so they never wrap apart.
export const fr: MessageCatalog = {
  validation: {
    forbiddenCharacters: 'Contient un ou plusieurs caractères non autorisés',
    forbiddenCharacter: 'Le caractère « {{character}} » n’est pas autorisé ici',
    maxLength: 'Doit comporter au maximum {{length}} caractères',
    minLength: 'Doit comporter au moins {{length}} caractères',
    required: 'Ce champ est obligatoire',
    email: 'Veuillez saisir une adresse e-mail valide',
    password: 'Mot de passe non valide',
    digitsOnly: 'Seuls les chiffres sont autorisés',
    codeLength: 'Le code comporte {{length}} chiffres',
    duplicateDefinition: 'Cette définition figure déjà dans la liste',
    definitionsRequired: 'Ajoutez au moins une définition',
    tooManyDefinitions: 'Un mot peut avoir au plus {{count}} définitions',
    tooManyExamples: 'Un mot peut avoir au plus {{count}} exemples',
    duplicateExample: 'Cet exemple figure déjà dans la liste',
    policiesRequired: 'Veuillez accepter toutes les politiques',
    invalidValue: 'Valeur non valide',
    unknownLanguage: 'Choisissez une langue dans la liste',
    invalidFile: 'Impossible de lire le fichier. Vérifiez son format',
    duplicateTermInFile: 'Même terme qu’à la ligne {{line}} ; ignoré',
    termExists: 'Déjà dans ce dictionnaire ; ignoré',
    overWordLimit: 'Au-delà de la limite de {{limit}} mots par dictionnaire',
    retentionRange: 'Choisissez un taux de rétention souhaité entre {{min}} % et {{max}} %',
    leechThresholdRange: 'Choisissez un seuil de mots récalcitrants entre {{min}} et {{max}} oublis',
    invalidDate: 'Saisissez une date valide',
    timeZone: 'Choisissez un fuseau horaire dans la liste',
    dailyGoalRange: 'Choisissez un objectif quotidien entre {{min}} et {{max}} mots',
    reminderTime: 'Saisissez une heure au format HH:MM, de 00:00 à 23:59',
  },
  apiErrors: {
    VALIDATION_ERROR: 'Certains champs ne sont pas remplis correctement',
    BAD_REQUEST: 'La requête n’a pas pu être traitée',
    UNAUTHORIZED: 'Veuillez vous connecter pour continuer',
    FORBIDDEN: 'Vous n’avez pas accès à ce contenu',
    ROLE_NOT_ALLOWED: 'Cette fonctionnalité n’est pas disponible pour votre compte',
    BAD_ORIGIN: 'La requête provenait d’un autre site et a été refusée',
    NOT_FOUND: 'Introuvable',
    ROUTE_NOT_FOUND: 'Cette adresse n’existe pas',
    PAYLOAD_TOO_LARGE: 'La requête est trop volumineuse',
    TOO_MANY_REQUESTS: 'Trop de tentatives. Veuillez réessayer dans {{seconds}} secondes',
    EMAIL_TAKEN: 'Un compte existe déjà avec cette adresse e-mail',
    SIGNUP_CLOSED: 'Ce serveur n’accepte pas de nouveaux comptes. Si vous en avez déjà un, connectez-vous',
    INVITE_REQUIRED: 'L’inscription sur ce serveur se fait sur invitation. Saisissez votre code d’invitation',
    INVITE_INVALID: 'Ce code d’invitation ne fonctionne pas : il est erroné, déjà utilisé ou expiré',
    GUESTS_CLOSED: 'Ce serveur ne propose pas d’accès invité. Connectez-vous ou inscrivez-vous',
    INVALID_CREDENTIALS: 'Adresse e-mail ou mot de passe incorrect',
    INCORRECT_CODE: 'Code de vérification incorrect',
    CODE_EXPIRED: 'Le code a expiré. Veuillez en demander un nouveau',
    ALREADY_VERIFIED: 'Votre adresse e-mail est déjà vérifiée',
    INVALID_GOOGLE_TOKEN: 'La connexion avec Google a échoué. Veuillez réessayer',
    GOOGLE_ALREADY_LINKED:
      'Ce compte Google est déjà associé à un autre compte Wordhoard. Utilisez un autre compte Google ou inscrivez-vous avec votre e-mail',
    GOOGLE_UNAVAILABLE: 'La connexion avec Google n’est pas disponible',
    CURRENT_PASSWORD_REQUIRED: 'Saisissez votre mot de passe actuel pour confirmer',
    WRONG_CURRENT_PASSWORD: 'Le mot de passe actuel est incorrect',
    GOOGLE_CONFIRMATION_REQUIRED: 'Reconnectez-vous avec Google pour confirmer',
    GOOGLE_CONFIRMATION_FAILED:
      'Google n’a pas pu confirmer que c’est bien vous. Reconnectez-vous avec le compte Google que vous utilisez pour Wordhoard',
    DELETION_CONFIRMATION_REQUIRED: 'Confirmez que vous voulez supprimer votre compte',
    MAX_DICTIONARIES:
      'Pour le rôle «\u00a0{{role}}\u00a0», le nombre maximal de dictionnaires est fixé à {{limit}}',
    MAX_WORDS: 'Vous avez déjà atteint le nombre maximal de mots',
    DUPLICATE_TERM: 'Le terme «\u00a0{{term}}\u00a0» figure déjà dans ce dictionnaire',
    MAX_TESTS: 'Vous avez atteint le nombre maximal de tests pour aujourd’hui',
    EMPTY_TEST: 'Aucun mot ne correspond à ces options',
    NO_ACTIVE_TEST: 'Aucun test n’est en cours',
    NOT_ENOUGH_REVIEWS:
      'Des paramètres personnels demandent au moins {{min}} révisions ; vous en avez {{reviews}} pour l’instant',
    WORD_NOT_CURRENT: 'Cette réponse ne porte pas sur le mot en cours de votre test',
    WORD_CHANGED:
      'Ce mot a été modifié ailleurs entre-temps. Rechargez-le pour voir les changements, puis modifiez-le à nouveau',
    NOT_OVERRIDABLE:
      'Cette réponse ne peut plus être acceptée : elle n’a pas été jugée fausse, elle a déjà été acceptée, ou le mot est passé',
    TRANSLATION_UNAVAILABLE: 'La traduction n’est pas disponible pour le moment',
    PAYMENTS_UNAVAILABLE: 'Les paiements ne sont pas disponibles pour le moment',
    PUSH_UNAVAILABLE: 'Les notifications push ne sont pas disponibles sur ce serveur',
    PUSH_ENDPOINT_NOT_ALLOWED:
      'Ce serveur n’envoie pas de notifications par le service push de ce navigateur',
    ALREADY_PREMIUM: 'Vous disposez déjà de Premium',
    NO_SUBSCRIPTION: 'Vous n’avez pas d’abonnement',
    PAYMENT_IN_PROGRESS:
      'Votre demande de paiement précédente est encore en cours de traitement. Veuillez patienter un instant, puis réessayer',
    PAYMENT_PROVIDER_ERROR:
      'Le service de paiement n’a pas pu traiter la demande. Veuillez réessayer plus tard',
    UPSTREAM_ERROR:
      'Un service dont nous dépendons n’a pas répondu correctement. Veuillez réessayer plus tard',
    INVALID_SIGNATURE: 'Signature non valide',
    INVALID_ANKI_PACKAGE:
      'Ce fichier n’est pas un paquet Anki (.apkg) lisible. Exportez à nouveau le paquet depuis Anki, puis réessayez',
    ANKI_PACKAGE_TOO_COMPLEX:
      'Ce paquet est trop volumineux pour être lu ici (au plus {{notes}} notes, lues en {{seconds}} s). Divisez le paquet dans Anki et importez les parties une à une',
    UNSUPPORTED_MEDIA_TYPE: 'Ce type de fichier n’est pas accepté ici. Formats possibles : {{types}}',
    INVALID_PICTURE: 'Impossible de lire cette image. Envoyez une image JPEG, PNG, WebP ou AVIF',
    PICTURE_TOO_LARGE:
      'Cette image compte trop de pixels (au plus {{megapixels}} mégapixels dans ce format). Réduisez-la, puis réessayez',
    INVALID_AUDIO:
      'Impossible de lire cet enregistrement. Enregistrez-le à nouveau ou envoyez un autre fichier audio',
    AUDIO_TOO_LONG: 'Un enregistrement ne peut pas dépasser {{seconds}} secondes',
    MEDIA_QUOTA_EXCEEDED:
      'Pas assez de place pour ce fichier : vos images et enregistrements peuvent occuper jusqu’à {{quota}} Mo. Supprimez-en quelques-uns, puis réessayez',
    SERVICE_UNAVAILABLE: 'Le service est temporairement indisponible. Veuillez réessayer dans un instant',
    INTERNAL_ERROR: 'Un problème est survenu de notre côté. Veuillez réessayer',
  },
  waits: {
    TOO_MANY_REQUESTS_MINUTES: 'Trop de tentatives. Veuillez réessayer dans {{minutes}} minutes',
  },
  push: {
    reminderTitle: 'C’est l’heure de réviser vos mots',
    reminderBody_one: '{{count}} mot attend d’être révisé',
    reminderBody_few: '{{count}} mots attendent d’être révisés',
    reminderBody_many: '{{count}} mots attendent d’être révisés',
    reminderBody_other: '{{count}} mots attendent d’être révisés',
  },
};
