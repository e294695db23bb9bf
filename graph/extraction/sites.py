"""A body site as ICD-10-CM's titles group it: "cellulitis of the right forearm" is coded as cellulitis of the
right *upper limb* (L03.113), "gout in the right big toe" as gout of the right *ankle and foot* (M10.071),
"melanoma of the back" as melanoma of the *trunk* (C43.5-), "DVT of the left leg" as thrombosis of the deep
veins of the left *lower extremity* (I82.402). A site word that no title of the condition uses is read as each
region that holds it, the narrowest first (issue 21, the qualifier model: site is an axis, not a word every
title must contain).

The regions are anatomy, as the classification's chapters name them (the upper limb holds the arm, elbow,
forearm, wrist and hand; the trunk the back, chest wall, abdominal wall and buttock), not a mapping of
particular codes: which region a condition's codes use is found by searching under each in turn.

Pure: words in, readings out.
"""

from __future__ import annotations

from graph.extraction.lexicon import tokens

#: A site as written, and the regions titles group it under, the narrowest first.
_REGIONS: dict[str, tuple[str, ...]] = {
    "arm": ("upper arm", "upper limb", "arm"),
    "upper arm": ("upper arm", "upper limb"),
    "forearm": ("forearm", "upper limb", "arm"),
    "elbow": ("elbow", "upper limb", "arm"),
    # last, the bone a wrist's named fractures are of: "Colles fx R wrist" is "Colles' fracture of right radius"
    "wrist": ("wrist", "hand", "upper limb", "radius"),
    "hand": ("hand", "upper limb"),
    # last, the bone a hip's named fractures are of: "R hip fx, intertrochanteric" is of the right femur
    "hip": ("hip", "femur"),
    "palm": ("hand", "upper limb"),
    "armpit": ("axilla",),
    "underarm": ("axilla",),
    "leg": ("lower limb", "lower extremity", "leg"),
    # the extremity as notes say it, the limb as most titles do (DVTs say "lower extremity")
    "lower extremity": ("lower extremity", "lower limb", "leg"),
    "upper extremity": ("upper extremity", "upper limb", "arm"),
    "lower leg": ("lower leg", "lower limb", "lower extremity"),
    "calf": ("lower leg", "lower limb", "lower extremity"),
    "shin": ("lower leg", "lower limb", "lower extremity"),
    "thigh": ("thigh", "lower limb", "lower extremity"),
    "first metatarsophalangeal joint": ("great toe", "toe", "foot", "ankle and foot", "lower limb"),
    "metatarsophalangeal joint": ("toe", "foot", "ankle and foot", "lower limb"),
    "big toe": ("great toe", "toe", "foot", "ankle and foot", "lower limb"),
    "great toe": ("great toe", "toe", "foot", "ankle and foot", "lower limb"),
    "toe": ("toe", "foot", "ankle and foot", "lower limb"),
    "heel": ("heel", "foot", "ankle and foot", "lower limb"),
    "foot": ("foot", "ankle and foot", "lower limb"),
    "ankle": ("ankle", "ankle and foot", "lower leg", "lower limb"),  # malleoli: "Trimalleolar fracture of lower leg"
    "back": ("back", "trunk"),
    "lower back": ("lower back", "back", "lumbar region", "trunk"),
    "low back": ("lower back", "back", "lumbar region", "trunk"),
    "upper back": ("back", "thoracic region", "trunk"),
    "chest": ("chest wall", "thorax", "trunk"),
    "chest wall": ("thorax", "trunk"),
    "belly": ("abdominal wall", "abdomen", "trunk"),
    "tummy": ("abdominal wall", "abdomen", "trunk"),
    "buttock": ("buttock", "trunk"),
    "sacrum": ("sacral region",),
    "nasal ala": ("nose",),  # C44.31- "… of skin of nose"
    "ala nasi": ("nose",),  # L89.15- "Pressure ulcer of sacral region"
    "groin": ("groin", "trunk"),
    "eyebrow": ("eyelid and periocular area",),
    # a lid as ophthalmology notes say it ("chalazion R upper lid"), the eyelid as H00–H02 titles do
    "upper lid": ("upper eyelid",),
    "lower lid": ("lower eyelid",),
    "lid": ("eyelid",),
    "scaphoid": ("navicular scaphoid bone of wrist",),  # S62.0- "… navicular [scaphoid] bone of right wrist"
    "hamstring": ("posterior muscle group at thigh level",),  # S76.3- as chapter 19 titles the muscles
    "quadriceps": ("quadriceps muscle",),
    "cheek": ("other parts of face", "face"),
    "forehead": ("other parts of face", "face"),
    "chin": ("other parts of face", "face", "other part of head"),  # S01.81- "Laceration … of other part of head"
    "temple": ("other parts of face", "face"),
    "terminal ileum": ("small intestine",),
    "ileum": ("small intestine",),
    "jejunum": ("small intestine",),
    "small bowel": ("small intestine",),
    "large bowel": ("large intestine", "colon"),
    "bowel": ("intestine",),
    "colon": ("large intestine",),
    "sigmoid": ("sigmoid colon", "large intestine", "colon"),
    "sigmoid colon": ("sigmoid colon", "large intestine", "colon"),
    "cecum": ("cecum", "large intestine", "colon"),
    "ascending colon": ("ascending colon", "large intestine", "colon"),
    "transverse colon": ("transverse colon", "large intestine", "colon"),
    "descending colon": ("descending colon", "large intestine", "colon"),
    "cervical spine": ("cervical region",),  # of the spine, as chapter M's titles say it
    "thoracic spine": ("thoracic region",),
    "thoracolumbar spine": ("thoracolumbar region",),
    "lumbar spine": ("lumbar region",),
    "lumbosacral spine": ("lumbosacral region",),
    # of a lung: "lobar pneumonia", else no word of the code ("Pneumonia due to Klebsiella pneumoniae")
    "upper lobe": ("lobar", ""),
    "middle lobe": ("lobar", ""),
    "lower lobe": ("lobar", ""),
    "lobe": ("lobar", ""),
}
_SITES = {tokens(site): tuple(tokens(region) for region in regions) for site, regions in _REGIONS.items()}
#: Conditions of a lung whose codes name an organism, never the lobe ("Pneumonia due to Klebsiella
#: pneumoniae"): only these are read without their lobe (a carcinoma of the lower lobe is the lobe's, C34.3-).
_SAID_WITHOUT_ITS_LOBE = frozenset({"pneumonia", "pneumonitis"})

#: An organ's adjective, where titles name the organ after the condition ("splenic laceration" is coded as a
#: "Laceration of spleen", "hepatic abscess" as an "Abscess of liver").
_ORGAN_OF: dict[str, str] = {
    "splenic": "spleen",
    "lumbar": "lower back",
    "hepatic": "liver",
    "renal": "kidney",
    "gastric": "stomach",
    "pulmonary": "lung",
    "cardiac": "heart",
    "cerebral": "brain",
    "pancreatic": "pancreas",
    "ovarian": "ovary",
    "testicular": "testis",
    "uterine": "uterus",
    "prostatic": "prostate",
    "colonic": "colon",
    "rectal": "rectum",
    "anal": "anus",
    "esophageal": "esophagus",
    "duodenal": "duodenum",
    "tracheal": "trachea",
    "bronchial": "bronchus",
    "vaginal": "vagina",
    "femoral": "femur",
    "tibial": "tibia",
    "fibular": "fibula",
    "humeral": "humerus",
    "radial": "radius",
    "ulnar": "ulna",
    "metacarpal": "metacarpal bone",
    "metatarsal": "metatarsal bone",
    "clavicular": "clavicle",
    "scapular": "scapula",
    "patellar": "patella",
    "vertebral": "vertebra",
    "axillary": "axilla",
    "ureteral": "ureter",
    "urethral": "urethra",
    "laryngeal": "larynx",
    "pharyngeal": "pharynx",
    "tonsillar": "tonsil",
    "scrotal": "scrotum",
    "penile": "penis",
    "vulvar": "vulva",
    "ureteric": "ureter",
    "corneal": "cornea",
    "mandibular": "mandible",
    "sacral": "sacrum",
    "coccygeal": "coccyx",
    "sternal": "sternum",
    "calcaneal": "calcaneus",
    "ileal": "ileum",
    "jejunal": "jejunum",
    "cecal": "cecum",
    "appendiceal": "appendix",
}
#: An organ named where titles use its adjective ("interstitial lung disease": "Interstitial pulmonary disease").
_ADJECTIVE_OF = {organ: adjective for adjective, organ in _ORGAN_OF.items()}

#: Parts of the body a finding is said to be "of" or "in" ("numbness of the right hand"), as written.
BODY_PARTS: frozenset[str] = frozenset({
    *(site for site in _REGIONS if " " not in site), *_ORGAN_OF.values(),
    "head", "scalp", "face", "forehead", "cheek", "cheeks", "jaw", "eye", "eyes", "eyelid", "eyelids", "ear", "ears",
    "nose", "mouth", "lip", "lips", "tongue", "gums", "teeth", "throat", "neck", "shoulder", "shoulders", "arms",
    "elbows", "wrists", "hands", "finger", "fingers", "thumb", "breast", "breasts", "nipple", "abdomen", "flank",
    "hip", "hips", "knee", "knees", "legs", "ankles", "feet", "toes", "skin", "joints", "muscles", "penis",
    "scrotum", "trunk", "torso", "palms", "soles", "thighs", "forearms", "buttocks", "extremities", "limbs",
    "axillae", "armpits",
})


#: Where on the body's surface a skin lesion is seen ("actinic keratosis, L temple", "wart on the finger"), as
#: compared words: a site that chooses no code where the condition's codes name none.
_SURFACE_SITES = frozenset({
    "scalp", "face", "forehead", "temple", "cheek", "chin", "nose", "ear", "lip", "neck", "chest", "back",
    "abdomen", "belly", "flank", "arm", "forearm", "elbow", "wrist", "hand", "palm", "finger", "thumb", "shoulder",
    "armpit", "axilla", "underarm", "buttock", "groin", "thigh", "knee", "leg", "shin", "calf", "ankle", "foot",
    "feet", "heel", "toe", "trunk", "sole",
})


def without_surface_site(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` (compared) without the place on the body's surface they give, and its side; as they are where
    they give none.

    >>> without_surface_site(("actinic", "keratosis", "temple")), without_surface_site(("wart", "left", "finger"))
    (('actinic', 'keratosis'), ('wart',))
    >>> without_surface_site(("renal", "cyst"))
    ('renal', 'cyst')
    """
    if _SURFACE_SITES.isdisjoint(words) or _SURFACE_SITES.issuperset(words):
        return words
    return tuple(w for w in words if w not in _SURFACE_SITES and w not in _SIDES)


_SIDES = frozenset({"left", "right", "bilateral", "both"})


def names_a_site(title_words: tuple[str, ...]) -> bool:
    """A title (compared words) that names a part or region of the body; "skin" is a tissue, no site
    ("Other skin changes due to chronic exposure to nonionizing radiation").

    >>> names_a_site(("actinic", "keratosis")), names_a_site(("other", "skin", "change"))
    (False, False)
    >>> names_a_site(("benign", "lipomatous", "neoplasm", "skin", "subcutaneous", "tissue", "trunk"))
    True
    """
    said = set(title_words) - {"skin"}
    return not (_SURFACE_SITES.isdisjoint(said) and BODY_PARTS.isdisjoint(said) and _REGION_WORDS.isdisjoint(said))


#: Words titles name a region or a site by, beside the parts themselves.
_REGION_WORDS = frozenset({"site", "region", "limb", "extremity", "extremities", "multiple", "sites"})


def as_organs(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` with each organ's adjective said as the organ, as titles name it ("femoral neck": the femur's).

    >>> as_organs(("right", "femoral", "neck", "fracture"))
    ('right', 'femur', 'neck', 'fracture')
    >>> as_organs(("scrotal", "contusion")), as_organs(("left", "ureteric", "stone"))
    (('scrotum', 'contusion'), ('left', 'ureter', 'stone'))
    """
    return tuple(part for w in words for part in _ORGAN_OF.get(w, w).split())


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth")
#: A vertebra by its level as notes write it ("L1", "T12", "C2"), as chapter 19 titles it ("first lumbar
#: vertebra", "twelfth thoracic vertebra", "second cervical vertebra").
_VERTEBRAE: dict[str, tuple[str, ...]] = {
    f"{letter}{n}": (_ORDINALS[n - 1], region, "vertebra")
    for letter, region, count in (("c", "cervical", 7), ("t", "thoracic", 12), ("l", "lumbar", 5))
    for n in range(1, count + 1)}
_OF_A_VERTEBRA = frozenset({"vertebra", "vertebral", "body"})


def site_readings(words: tuple[str, ...]) -> list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """``words`` with their site read as each region that holds it, as (site, region, reading), the longest
    site and the narrowest region first; none when no site is stated.

    >>> [" ".join(r) for _, _, r in site_readings(("cellulitis", "forearm"))]
    ['cellulitis upper limb', 'cellulitis arm']
    >>> [" ".join(r) for _, _, r in site_readings(("gout", "big", "toe"))][:3]
    ['gout great toe', 'gout toe', 'gout foot']
    >>> [" ".join(r) for _, _, r in site_readings(("splenic", "laceration"))]
    ['laceration spleen']
    >>> [" ".join(r) for _, _, r in site_readings(("lumbar", "strain"))]
    ['strain lower back']
    >>> [" ".join(r) for _, _, r in site_readings(("ankylosing", "spondylitis", "lumbar", "spine"))]
    ['ankylosing spondylitis lumbar region']
    >>> [" ".join(r) for _, _, r in site_readings(("sigmoid", "diverticulitis"))][1]
    'large intestine diverticulitis'
    >>> [" ".join(r) for _, _, r in site_readings(("gout", "first", "metatarsophalangeal", "joint"))][3]
    'gout ankle foot'
    >>> [" ".join(r) for _, _, r in site_readings(("laceration", "eyebrow"))]
    ['laceration eyelid periocular area']
    >>> [" ".join(r) for _, _, r in site_readings(("hamstring", "strain"))]
    ['posterior muscle group thigh level strain']
    >>> [" ".join(r) for _, _, r in site_readings(("lower", "lobe", "pneumonia", "klebsiella"))]
    ['lobar pneumonia klebsiella', 'pneumonia klebsiella']
    >>> [" ".join(r) for _, _, r in site_readings(("carcinoma", "lower", "lobe"))]
    ['carcinoma lobar']
    >>> [" ".join(r) for _, _, r in site_readings(("compression", "fracture", "l1", "vertebra"))]
    ['compression fracture first lumbar vertebra']
    >>> [" ".join(r) for _, _, r in site_readings(("cellulitis", "lower", "extremity"))]
    ['cellulitis lower limb', 'cellulitis leg']
    >>> [" ".join(r) for _, _, r in site_readings(("colle", "fracture", "wrist"))][-1]
    'colle fracture radius'
    >>> [" ".join(r) for _, _, r in site_readings(("intertrochanteric", "fracture", "hip"))][-1]
    'intertrochanteric fracture femur'
    >>> [" ".join(r) for _, _, r in site_readings(("laceration", "chin"))][-1]
    'laceration other part head'
    >>> site_readings(("pneumonia",))
    []
    """
    for at, word in enumerate(words):
        if word in _VERTEBRAE and "fracture" in words:
            end = at + 1
            while end < len(words) and words[end] in _OF_A_VERTEBRA:
                end += 1
            return [((word,), _VERTEBRAE[word], words[:at] + _VERTEBRAE[word] + words[end:])]
    for length in (3, 2, 1):
        for start in range(len(words) - length + 1):
            site = words[start:start + length]
            if site in _SITES:
                readings = [(site, region, words[:start] + region + words[start + length:]) for region in _SITES[site]
                            if region or _SAID_WITHOUT_ITS_LOBE & set(words)]
                return [r for r in readings if r[2] != words]
    for at, word in enumerate(words):
        if word in _ORGAN_OF and len(words) > 1:
            organ = tuple(_ORGAN_OF[word].split())  # "lumbar": the lower back, two words as titles say it
            return [((word,), organ, words[:at] + words[at + 1:] + organ)]
        if word in _ADJECTIVE_OF and len(words) > 1:  # "interstitial lung disease": "… pulmonary disease"
            adjective = (_ADJECTIVE_OF[word],)
            return [((word,), adjective, words[:at] + adjective + words[at + 1:])]
    return []
