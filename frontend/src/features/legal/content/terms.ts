import { PROJECT_FILES_KEPT } from './retention';
import type { LegalDocument } from './types';

const fr: LegalDocument = {
  title: 'Conditions générales d’utilisation',
  intro:
    'Les présentes conditions générales régissent l’utilisation du site Rushflow et la commande de prestations de montage vidéo. En créant un compte ou en passant commande, vous les acceptez sans réserve.',
  sections: [
    {
      id: 'objet',
      title: '1. Objet du service',
      paragraphs: [
        'Rushflow est une agence de montage vidéo en ligne. Le client décrit son projet (le brief), obtient une estimation du prix et du délai, règle sa commande en ligne puis suit le montage réalisé par un monteur dédié jusqu’à la livraison dans son espace client.',
      ],
    },
    {
      id: 'compte',
      title: '2. Compte utilisateur',
      paragraphs: [
        'La création d’un compte nécessite une adresse e-mail valide, confirmée par un lien envoyé à cette adresse. L’utilisateur fournit des informations exactes et garde ses identifiants confidentiels ; toute action effectuée depuis son compte est réputée faite par lui.',
        'Rushflow peut suspendre un compte en cas d’utilisation frauduleuse ou contraire aux présentes conditions.',
      ],
    },
    {
      id: 'commande',
      title: '3. Brief, estimation et commande',
      paragraphs: [
        'L’estimation affichée à l’issue du brief est calculée à partir des informations fournies par le client (durée des rushes, durée finale, complexité, options, délai). Pour les demandes particulières, un devis est adressé sous 24 heures.',
        'La commande est ferme après le paiement. Toute demande qui sort du périmètre du brief initial fait l’objet d’un devis complémentaire.',
      ],
    },
    {
      id: 'prix',
      title: '4. Prix et paiement',
      paragraphs: [
        'Les prix sont indiqués en euros (tarif européen, à partir de 27 € de l’heure) ou en dollars américains (tarif international, à partir de 32 $ de l’heure). Le montant dû est celui calculé par Rushflow et affiché avant le paiement.',
        'Une offre de lancement de -30 % est réservée aux 10 premiers clients ; le nombre de places restantes est indiqué lors de l’estimation.',
        'Le paiement s’effectue par carte bancaire auprès d’un prestataire de paiement sécurisé. Rushflow ne reçoit ni ne conserve les données de votre carte.',
      ],
    },
    {
      id: 'realisation',
      title: '5. Réalisation et livraison',
      paragraphs: [
        'Après paiement, un monteur dont les compétences et la disponibilité correspondent au projet est attribué. Le client suit l’avancement en temps réel et échange avec son monteur depuis son espace.',
        'Les délais sont calculés selon la complexité du projet (livraison standard) ou raccourcis en livraison express. La vidéo finale est livrée dans l’espace client.',
      ],
    },
    {
      id: 'revisions',
      title: '6. Révisions',
      paragraphs: [
        'Chaque projet comprend un nombre de révisions, indiqué sur sa page et sur sa facture. Une révision se demande pendant la période de révision qui suit chaque livraison et porte sur le brief initial ; l’approbation d’une version par le client clôt cette période. Les modifications qui sortent du brief initial font l’objet d’un devis.',
      ],
    },
    {
      id: 'fichiers',
      title: '7. Fichiers, droits et propriété intellectuelle',
      paragraphs: [
        'Le client garantit détenir les droits nécessaires sur les fichiers qu’il transmet (images, sons, musiques, logos) et garantit Rushflow contre toute réclamation à ce sujet.',
        'Le client reste propriétaire de ses fichiers. Les droits d’exploitation de la vidéo finale lui sont cédés pour ses besoins dès le paiement intégral. Rushflow n’utilise une réalisation à titre de référence qu’avec l’accord du client.',
        `Les fichiers de projet sont conservés ${PROJECT_FILES_KEPT.fr}, puis supprimés : le client est invité à télécharger ses livrables et à conserver une copie de ses fichiers.`,
      ],
    },
    {
      id: 'retractation',
      title: '8. Droit de rétractation',
      paragraphs: [
        'Le client consommateur dispose d’un délai de 14 jours pour se rétracter, dans les conditions prévues par le Code de la consommation. En demandant que le montage commence avant la fin de ce délai, il reconnaît perdre son droit de rétractation une fois la prestation pleinement exécutée (article L221-28 du Code de la consommation).',
      ],
    },
    {
      id: 'responsabilite',
      title: '9. Responsabilité',
      paragraphs: [
        'Rushflow s’engage à exécuter les prestations avec soin, selon les règles de l’art. Sa responsabilité, toutes causes confondues, est limitée au montant payé par le client pour la commande concernée.',
        'Rushflow n’est pas responsable des dommages indirects, ni des retards ou défauts causés par des fichiers incomplets, inexploitables ou transmis tardivement, ni d’un cas de force majeure.',
      ],
    },
    {
      id: 'donnees',
      title: '10. Données personnelles',
      paragraphs: [
        'Le traitement de vos données personnelles est décrit dans notre politique de confidentialité, qui précise les durées de conservation et vos droits.',
      ],
    },
    {
      id: 'droit',
      title: '11. Droit applicable et litiges',
      paragraphs: [
        'Les présentes conditions sont soumises au droit français.',
        'En cas de différend, le client contacte d’abord Rushflow pour rechercher une solution amiable. Le client consommateur peut recourir gratuitement à un médiateur de la consommation. À défaut d’accord, les tribunaux français sont compétents, sous réserve des règles protectrices applicables aux consommateurs.',
      ],
    },
    {
      id: 'contact',
      title: '12. Contact',
      paragraphs: ['Pour toute question relative aux présentes conditions : {contactEmail}.'],
    },
  ],
};

const en: LegalDocument = {
  title: 'Terms of service',
  intro:
    'These terms govern the use of the Rushflow website and the ordering of video-editing services. By creating an account or placing an order, you accept them without reservation.',
  sections: [
    {
      id: 'objet',
      title: '1. The service',
      paragraphs: [
        'Rushflow is an online video-editing agency. The client describes the project (the brief), gets an estimate of the price and delay, pays online, then follows the edit made by a dedicated editor until delivery in the client space.',
      ],
    },
    {
      id: 'compte',
      title: '2. User account',
      paragraphs: [
        'Creating an account requires a valid e-mail address, confirmed through a link sent to it. Users provide accurate information and keep their credentials confidential; any action taken from an account is deemed taken by its holder.',
        'Rushflow may suspend an account used fraudulently or in breach of these terms.',
      ],
    },
    {
      id: 'commande',
      title: '3. Brief, estimate and order',
      paragraphs: [
        'The estimate shown after the brief is computed from the information given by the client (rush length, final length, complexity, options, deadline). For special requests, a quote is sent within 24 hours.',
        'The order is final once paid. Any request outside the scope of the initial brief is quoted separately.',
      ],
    },
    {
      id: 'prix',
      title: '4. Prices and payment',
      paragraphs: [
        'Prices are given in euros (European rate, from €27 per hour) or in US dollars (international rate, from $32 per hour). The amount due is the one computed by Rushflow and shown before payment.',
        'A -30% launch offer is reserved for the first 10 clients; the number of remaining places is shown with the estimate.',
        'Payment is made by card with a secure payment provider. Rushflow never receives nor stores your card details.',
      ],
    },
    {
      id: 'realisation',
      title: '5. Production and delivery',
      paragraphs: [
        'After payment, an editor whose skills and availability fit the project is assigned. The client follows progress in real time and talks with the editor from the client space.',
        'Delays depend on the project’s complexity (standard delivery) or are shortened for express delivery. The final video is delivered in the client space.',
      ],
    },
    {
      id: 'revisions',
      title: '6. Revisions',
      paragraphs: [
        'Each project includes a number of revisions, stated on its page and on its invoice. A revision is asked for during the revision period that follows each delivery and concerns the initial brief; the client’s approval of a version closes that period. Changes outside the initial brief are quoted.',
      ],
    },
    {
      id: 'fichiers',
      title: '7. Files, rights and intellectual property',
      paragraphs: [
        'The client warrants holding the necessary rights to the files provided (images, sounds, music, logos) and indemnifies Rushflow against any claim about them.',
        'The client remains the owner of the files. The rights to use the final video are granted to the client for their own needs upon full payment. Rushflow only uses a production as a reference with the client’s consent.',
        `Project files are kept for ${PROJECT_FILES_KEPT.en}, then deleted: clients should download their deliverables and keep a copy of their files.`,
      ],
    },
    {
      id: 'retractation',
      title: '8. Right of withdrawal',
      paragraphs: [
        'Consumer clients have 14 days to withdraw, under the conditions of the French Consumer Code. By asking for the edit to start before the end of that period, they acknowledge losing the right of withdrawal once the service has been fully performed (article L221-28 of the French Consumer Code).',
      ],
    },
    {
      id: 'responsabilite',
      title: '9. Liability',
      paragraphs: [
        'Rushflow performs its services with care and professional skill. Its liability, for any cause whatsoever, is limited to the amount paid by the client for the order concerned.',
        'Rushflow is not liable for indirect damage, nor for delays or defects caused by incomplete, unusable or late files, nor for force majeure.',
      ],
    },
    {
      id: 'donnees',
      title: '10. Personal data',
      paragraphs: [
        'How your personal data is processed, how long it is kept and your rights are described in our privacy policy.',
      ],
    },
    {
      id: 'droit',
      title: '11. Governing law and disputes',
      paragraphs: [
        'These terms are governed by French law.',
        'In case of dispute, the client first contacts Rushflow to seek an amicable solution. Consumer clients may use a consumer mediator free of charge. Failing agreement, French courts have jurisdiction, subject to the protective rules applicable to consumers.',
      ],
    },
    {
      id: 'contact',
      title: '12. Contact',
      paragraphs: ['For any question about these terms: {contactEmail}.'],
    },
  ],
};

export const TERMS = { fr, en } as const;
