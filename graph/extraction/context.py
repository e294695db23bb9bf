"""The words of a vignette around a finding: who presents, how it was found, for how long. "Toddler brought
in with a barking cough" is a barking cough; "liver abscess on CT" a liver abscess; "coughing up blood for
three days" coughing up blood (issue 21, vignette phrasing). The frame is taken off both ends and the rest
is grounded as any mention is; nothing inside the phrase is dropped, so "crushing substernal chest pain"
stays whole.

Pure: a mention in, the phrase it is about out.
"""

from __future__ import annotations

import re

from graph.extraction.measurements import read_measurement
from graph.extraction.sites import BODY_PARTS

#: A person, or the people a trial's criteria speak of ("patients with …", "adults with …").
_PERSON = r"(?:man|woman|patient|child|toddler|infant|newborn|neonate|baby|boy|girl|patients|adults|children|" \
          r"participants|subjects|gentleman|lady)\s+"
#: An age, in words or as notes write it ("4 y/o", "65yo F", "6 mo old").
_AGE = r"(?:\d+[- ]?(?:year|month|week|day)[- ]old|\d+\s*(?:y/?o|yrs?[- ]old|m/?o|mos?[- ]old)" \
       r"(?:\s+(?:m|f|male|female))?)\s+"
#: How far a pregnancy has come, said of the woman ("at 8 weeks' gestation", "28 weeks pregnant").
_GESTATION_SAID = r"(?:,?\s*(?:at\s+)?\d{1,2}\s*(?:weeks?|wks?)(?:['’]|\s+of)?\s+(?:gestation|pregnant)\s*,?\s+)?"
_WHO = rf"(?:(?:a|an|the)\s+)?(?:{_AGE}(?:{_PERSON})?|{_PERSON}){_GESTATION_SAID}"
_SAYS = r"(?:who\s+)?(?:presents?|presented|presenting|complains?|complaining|c/o|reports?|reported|found|diagnosed|" \
        r"noted|known|brought\s+in|feels?|feeling|appears|looks|seems|(?:broke|breaks|breaking)\s+out)" \
        r"(?:\s+(?:with|of|to\s+have|in))?\s+"
#: Who presents ("toddler brought in with", "woman with") or how ("presents with", "known"): a person's word
#: goes only with a verb or "with" after it ("infant botulism" and "newborn jaundice" keep theirs).
#: How many of a finding a text counts ("six cafe-au-lait spots"): spelled, never "multiple" (a name's word).
_HOW_MANY = r"(?:two|three|four|five|six|seven|eight|nine|ten|several|numerous)\s+"
#: A test that found it ("ultrasound showed a 3 cm left ovarian cyst"), and the size it gives.
_SHOWED = r"(?:ultrasound|CT|MRI|x-?ray|CXR|echo(?:cardiogram)?|ECG|EKG|biopsy|imaging|scan)\s+" \
          r"(?:showed|shows|revealed|reveals|demonstrated|demonstrates)\s+"
_SIZE = r"\d+(?:\.\d+)?\s*(?:cm|mm)\s+"
#: How often it comes, before what comes ("episodes of a pounding heartbeat", "recurrent attacks of vertigo").
_EPISODES = r"(?:(?:recurrent|frequent|occasional|intermittent|brief|several|multiple)\s+)?" \
            r"(?:episodes?|attacks?|bouts?)\s+of\s+(?:(?:a|an)\s+)?"
#: An examination's grade before a sign ("2+ pitting edema", "trace edema").
_GRADE = r"(?:[1-4]\s?\+|trace|(?:gr(?:ade)?\.?\s*)?(?:[1-6]|i{1,3}|iv|v|vi)\s*/\s*(?:6|vi))\s+"  # a murmur's "II/VI"
#: Who says it of themselves, or of whom a parent speaks: "I broke out in hives", "my son has an ear infection".
#: A parent speaks of the child who is the patient; a relative's condition is a family history, never the
#: patient's ("my mother had breast cancer": graph.extraction.history).
_SUBJECT = r"(?:i|she|he|they|we|my\s+(?:son|daughter|baby|child|kid|boy|girl|toddler|infant))"
#: A patient saying what they have, or a note saying it of them: "I've had a fever", "she has a cough"; or how
#: they feel, said as one word: "I'm constipated", "he's really dizzy".
_HAS = r"(?:(?:i\s+think|i\s+guess|i\s+believe|maybe)\s+)?" \
       r"(?:(?:has|have)\s+(?=(?:a|an)\s)|(?:i['’]m|i\s+am|she['’]s|he['’]s|she\s+is|he\s+is)\s+(?=(?:a|an)\s)|" \
       r"(?:i['’]m|i\s+am|she['’]s|he['’]s|she\s+is|he\s+is|i\s+feel|she\s+feels|he\s+feels)\s+" \
       r"(?:(?:so|really|very|always|constantly|quite|a\s+bit|kind\s+of)\s+)*(?=[a-z-]+\s*$)|" \
       rf"{_SUBJECT}(?:['’]ve|['’]s|\s+have|\s+has)?\s+(?:been\s+)?(?:got|had|having|have|has|gets|" \
       r"getting|keeps?\s+(?:having|getting))\s+)" \
       r"(?:(?:(?:a|an)\s+)?(?:(?:really|so)\s+)?(?:terrible|awful|horrible|bad)\s+)?"  # "terrible morning sickness"
#: Who told the patient so: "the doctor told me I've got the flu".
_TOLD = r"(?:(?:dear\s+(?:dr\.?|doctor)\s+\w+\s*,?\s+)?(?:thank\s+you\s+for\s+referring|i\s+saw|i\s+reviewed|" \
        r"i\s+had\s+the\s+pleasure\s+of\s+seeing)\s+(?:this|your|our)\s+(?:patient\s+(?=with\s))?|" \
        r"(?:the|my|his|her)\s+(?:doctor|doc|gp|nurse|dentist|specialist|pediatrician|paediatrician)\s+" \
        r"(?:told|tells|said|says)\s+(?:me|him|her|us|them)\s+(?:that\s+)?|" \
        r"you\s+(?:were|have\s+been)\s+(?:seen|treated|admitted|evaluated)\s+(?:(?:today|here|in\s+the\s+\w+)\s+)?" \
        r"(?:for|with)\s+|you\s+(?:were|have\s+been)\s+diagnosed\s+with\s+)"  # discharge instructions
#: A problem list's number before its entry: "#2 Acute on chronic HFpEF", "3) CKD stage 3".
_LISTED_AS = r"(?:#\s*\d{1,2}[.):]?|\d{1,2}[.)])\s+"
#: A note's heading before what it states: "Triage: L facial droop", "CXR IMPRESSION: …", "Discharge Dx #1: …",
#: "Reason for consult: …", "Portal msg: …", "Nursing: …", "Condition.code.text: …" (the FHIR element a text
#: was written in). Never a history's heading ("Hx:", "FHx:"), which says whose and when.
_HEADING = r"(?:(?:(?:ed\s+|er\s+)?triage|nursing(?:\s+note)?|portal\s+(?:msg|message)|" \
           r"reason\s+for\s+(?:consult(?:ation)?|visit|referral)|cc|" \
           r"chief\s+complaint|(?:[a-z/]+\s+){0,3}impression|findings|assessment|a/p|" \
           r"(?:(?:discharge|admitting|admission|principal|primary|final|working|pre-?op(?:erative)?|" \
           r"post-?op(?:erative)?)\s+)?(?:dx|diagnos[ie]s)(?:\s*#\s*\d{1,2})?|" \
           r"(?:condition|observation)\.code(?:\.coding(?:\[\d+\])?)?\.(?:text|display))\s*:\s+)"
_LEAD = re.compile(rf"^{_HEADING}?(?:{_LISTED_AS})?{_TOLD}?"
                   rf"(?:(?:{_WHO}(?:with\s+|{_SAYS})|(?:{_SUBJECT}\s+)?{_SAYS}|{_SHOWED}|{_HAS})"
                   # "another ear infection": one more of the same, which no code counts
                   rf"(?:(?:a|an|another)\s+)?(?:{_SIZE})?)?"
                   rf"(?:{_GRADE})?"
                   # "longstanding persistent" is a kind of atrial fibrillation (I48.11), never a frame
                   rf"(?:long[- ]?standing\s+(?!persistent\b))?(?:{_HOW_MANY})?(?:{_EPISODES})?", re.IGNORECASE)
_COUNT = r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|several|a\s+few|an?)"
#: How long: "for two weeks", "over the past 3 days", "lasting over an hour", "x 3 days".
_DURATION = rf"(?:(?:for|over|since|x|lasting|lasted)\s+(?:the\s+(?:past|last)\s+)?" \
            rf"(?:(?:over|more\s+than|less\s+than|about|almost|nearly|at\s+least|up\s+to)\s+)?{_COUNT}\s+" \
            r"(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|mins?|hrs?|wks?|mos?|yrs?)\b|since\s+birth|" \
            r"since\s+(?:last\s+(?:night|week|month)|yesterday|this\s+(?:morning|afternoon|week)))"
_FOUND_BY = r"(?:on|at|by)\s+(?:ultrasound|US|U/S|sonogram|CT|MRI|x-?ray|exam|examination|laparoscopy|arrival|" \
            r"admission|biopsy|endoscopy|colonoscopy)"
_SEEN = r"(?:seen|noted|found)\s+(?:at|on)\s+\w+|(?:noted|observed)(?=\s*$)"
#: How often, where it says only that it persists ("feels anxious all the time").
_ALWAYS = r"(?:all\s+the\s+time|constantly|every\s+(?:day|night|morning|evening)|most\s+(?:days|nights))"
#: Where, when it is everywhere ("itchy skin all over"), and what makes it worse ("…, worse at night").
_EVERYWHERE = r"(?:all\s+over(?:\s+(?:my|his|her|the)\s+body)?)"
_WORSE = r"(?:worse\s+(?:at\s+night|in\s+the\s+(?:morning|evening)s?|after\s+\w+|with\s+\w+)|" \
         r"(?:that|which)\s+(?:worsens|gets\s+worse|is\s+worse|flares|improves|gets\s+better)\s+(?:\w+\s+){0,3}\w+)"
#: What keeps it in check, after it: "HTN controlled with amlodipine" (never "poorly controlled", which codes
#: may say: E11.65 for a diabetes "with hyperglycemia").
_CONTROLLED_WITH = r"(?:well[- ])?controlled\s+(?:with|on|by)\s+\S.*"
#: A known condition said to be worse again, as a patient says it ("my eczema is acting up again", "my
#: Parkinson's is getting worse"): the condition, its course no word of its code.
_ACTING_UP = r"(?:is|has\s+been|['’]s(?:\s+been)?|keeps)\s+(?:getting\s+worse|acting\s+up|flaring(?:\s+up)?|" \
             r"playing\s+up|worse|worsening|bad|back|bothering\s+me)(?:\s+(?:again|lately|recently))?"
_MINE_ACTING_UP = re.compile(rf"^(?:my|his|her|their|our)\s+(?P<condition>\S.*?)\s+{_ACTING_UP}\s*$", re.IGNORECASE)
#: What came before it, and for how long ("Kawasaki disease after 6 days of fever and a strawberry tongue").
_AFTER_DAYS_OF = r"after\s+(?:\d+|one|two|three|four|five|six|seven|several|a\s+few)\s+(?:days?|weeks?|months?)\s+" \
                 r"of\s+\S.*"
#: What it needed ("urinary retention requiring catheterization"): a treatment, no word of the finding.
_REQUIRING = r"(?:requiring|needing|that\s+required)\s+(?:\w+\s+){0,3}\w+"
_AMOUNT = r"of\s+(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|" \
          r"fifty)\s*(?:lbs?|kg|g|%|cm|mm|pounds?|kilograms?)"
#: How much was smoked, after a smoking status ("ex-smoker, 30 pack-years").
_PACK_YEARS = r"\d+(?:\.\d+)?[- ]?pack[- ]?years?(?:\s+(?:history|smoking\s+history))?"
#: What a condition is treated with ("seizure disorder on levetiracetam", "COPD on 2 L of home oxygen"): a
#: medicine by its name's class ending, or a treatment word. A site after "on" ("ulcer on the heel") is not one.
_DRUG_ENDINGS = r"(?:pril|sartan|olol|statin|formin|azepam|etam|iracetam|mab|nib|pine|zole|cillin|mycin|limus|" \
                r"floxacin|azine|oxetine|aline|thyroxine|parin|arin|xaban|gatran|triptan|profen|tidine|semide|" \
                r"thiazide|lukast|terol|sone|olone|ium|purinol|dronate|gliptin|glutide|gliflozin|tyline|pramine|" \
                r"setron|osin|asteride|cycline|izine|atadine|enadine|opram|afil)"
_TREATMENT = r"(?:insulin|oxygen|o2|dialysis|hemodialysis|steroids?|chemotherapy|chemo|a\s+ventilator|hfnc|" \
             r"high[- ]flow(?:\s+nasal\s+cannula)?|bipap|cpap|nippv|nasal\s+cannula)"
_TREATED = rf"on\s+(?:\d+(?:\.\d+)?\s*(?:l|liters?)\s+(?:of\s+)?)?(?:home\s+)?(?:{_TREATMENT}|[a-z]+{_DRUG_ENDINGS})\b"
#: Whom it came to, by what they do ("exertional heat stroke in a marathon runner"): no code's word. Never an
#: age ("pyloric stenosis in a 4-week-old" is the infantile form) nor a condition ("ulcer in a diabetic").
_IN_A_PERSON = r"in\s+an?\s+(?:[a-z-]+\s+){0,2}(?:runner|player|worker|athlete|swimmer|cyclist|hiker|soldier|" \
               r"farmer|climber|golfer|skier|dancer|gymnast|weightlifter|lifter|roofer|carpenter|student|traveler|" \
               r"traveller|recruit)" \
               r"|in\s+an?\s+(?:(?!pregnant\b)[a-z0-9-]+\s+){0,2}(?:woman|man|female|male|lady|adult|teenager|adolescent)\b"
#: How often ("nocturia three times nightly"), and that it keeps coming ("jock itch that keeps coming back").
_HOW_OFTEN = (r"x\s?\d+\s+(?:nightly|a\s+night|per\s+night|each\s+night|daily|a\s+day|per\s+day)|"
              r"(?:(?:\d+|one|two|three|four|five|six|several|many)\s+times\s+(?:(?:a|an|per|each|every)\s+)?"
              r"(?:night|nightly|day|daily|week|weekly|hour|month|monthly|year)|"
              r"(?:that|which)\s+(?:keeps?|kept)\s+coming\s+back|"
              r"(?:every|each)\s+(?:spring|summer|fall|autumn|winter|season|year|morning|evening|night)|"
              # that it comes unprovoked, as patients say it ("panic attacks out of the blue")
              r"out\s+of\s+(?:the\s+blue|nowhere)|for\s+no\s+(?:apparent\s+)?reason)")
#: What a patient is told to do, in sentences after what they were seen for ("You were seen today for a kidney
#: stone. Drink plenty of water."): instructions, no word of the condition.
_INSTRUCTIONS_AFTER = re.compile(r"(?<=\w)\.\s+(?:(?:(?:please\s+)?(?:drink|take|return|call|rest|avoid|keep|"
                                 r"come\s+back|follow\s+up|see\s+your|make\s+an\s+appointment|use|apply|continue|"
                                 r"stop)\b|"
                                 # and a report's later numbered items that deny: "1. RLL pneumonia. 2. No effusion."
                                 r"\d{1,2}[.)]\s+(?:no|negative\s+for)\b)[^.]*\.\s*)+$", re.IGNORECASE)
_TRAIL = re.compile(rf"(?:(?:\s+|,\s*)(?:{_DURATION}|{_FOUND_BY}|{_SEEN}|{_AMOUNT}|{_TREATED}|{_ALWAYS}|"
                   rf"{_PACK_YEARS}|{_EVERYWHERE}|{_WORSE}|{_REQUIRING}|{_AFTER_DAYS_OF}|{_IN_A_PERSON}|"
                   rf"{_HOW_OFTEN}|{_ACTING_UP}|{_CONTROLLED_WITH}))+\s*$", re.IGNORECASE)
#: What a long-term medicine is taken for ("long-term methotrexate for RA"): the status is the medicine's.
_TAKEN_FOR = re.compile(r"^(?P<use>(?:on\s+)?long[- ]term\s+(?:use\s+of\s+)?\S+(?:\s+\S+)?)\s+for\s+\S.*$",
                        re.IGNORECASE)
#: A medicine and what it is taken for, as a medication list or a plan says it ("metformin 500 mg BID for T2DM",
#: "started on levothyroxine for hypothyroidism"): the condition is what is coded. A medicine by its name's class
#: ending or a class named. Never "on …" nor "long-term …", which may be the status of the medicine (Z79.-,
#: :data:`_TAKEN_FOR`), nor insulin, oxygen or dialysis, whose status codes notes mean as often.
_GIVEN_FOR = re.compile(rf"^(?:(?:started|restarted|prescribed)\s+(?:on\s+)?)?"
                        rf"(?:[a-z]+{_DRUG_ENDINGS}|inhaled\s+steroids?|nsaids?|ppis?|"
                        r"antibiotics?|abx|antihistamines?)\b(?:\s+(?!for\b)\S+){0,5}?\s+for\s+"
                        r"(?P<condition>(?!(?:\d|a\s|an\s|the\s|(?:one|two|three|four|five|six|several)\s)).+)$",
                        re.IGNORECASE)
#: An injury a patient tells of their own body ("I sprained my right ankle", "broke his wrist"): the injury's
#: participle, the part as it is named ("sprained right ankle"), the way chapter 19 is searched.
_OWN_INJURY = re.compile(r"^(?:[^,;]*?\band\s+)?(?:(?:i|she|he|they|we)\s+)?(?P<verb>sprained|strained|broke|broken|"
                         r"fractured|dislocated|bruised|tore|torn|twisted|rolled|jammed|cut|sliced|burned|burnt|"
                         r"stubbed|bumped|banged)\s+(?:my|his|her|their|our)\s+", re.IGNORECASE)
#: How chapter 19 says what the patient did to the part: "twisted my ankle" is a sprain of it, "cut my thumb" a
#: laceration, "stubbed my toe" a contusion.
_PARTICIPLE = {"broke": "broken", "tore": "torn", "twisted": "sprained", "rolled": "sprained", "jammed": "sprained",
               "cut": "laceration of", "sliced": "laceration of", "burned": "burn of", "burnt": "burn of",
               "stubbed": "contusion of", "bumped": "contusion of", "banged": "contusion of",
               "bruised": "contusion of"}
#: An animal's bite as the bitten tell it ("the dog bit my right hand"): a bite of the part, as chapter 19
#: titles an open bite ("Open bite of right hand"); how deep or how many wounds is no word of it.
_BIT = re.compile(r"^(?:(?:a|an|the|my|our|his|her|their|neighbou?r.?s)\s+)?(?P<animal>dog|cat|puppy|kitten|horse|"
                  r"rat|raccoon|bat|ferret|hamster|monkey|snake|child|kid|toddler)\s+bit\s+(?:(?:me|him|her|them)\s+"
                  r"(?:on|in)\s+)?(?:my|his|her|their|the)\s+(?P<part>[a-z]+(?:\s+[a-z]+){0,2}?)(?:\s*[,;-].*)?$",
                  re.IGNORECASE)


def without_frame(mention: str) -> str:
    """``mention`` without who presents, how it was found, how long or how much: the phrase it is about.

    >>> without_frame("toddler brought in with a barking cough"), without_frame("liver abscess on CT")
    ('barking cough', 'liver abscess')
    >>> without_frame("unintentional weight loss of 15 lb over two months"), without_frame("weight loss over 6 mo")
    ('unintentional weight loss', 'weight loss')
    >>> without_frame("patients with seizure disorder controlled on levetiracetam")  # a trial's criteria
    'seizure disorder'
    >>> without_frame("You were seen today for a kidney stone in your left kidney. Drink plenty of water.")
    'kidney stone in your left kidney'
    >>> without_frame("1. Right lower lobe pneumonia. 2. No pleural effusion.")
    'Right lower lobe pneumonia'
    >>> without_frame("presents with crushing substernal chest pain")
    'crushing substernal chest pain'
    >>> without_frame("woman with left breast cancer"), without_frame("infant botulism")
    ('left breast cancer', 'infant botulism')
    >>> without_frame("70-year-old with long-standing COPD on 2 L of home oxygen")
    'COPD'
    >>> without_frame("seizure disorder on levetiracetam"), without_frame("pressure ulcer on the left heel")
    ('seizure disorder', 'pressure ulcer on the left heel')
    >>> without_frame("a fib")
    'a fib'
    >>> without_frame("I think I've got the flu"), without_frame("I've had terrible morning sickness")
    ('the flu', 'morning sickness')
    >>> without_frame("ultrasound showed a 3 cm left ovarian cyst"), without_frame("CT revealed a liver mass")
    ('left ovarian cyst', 'liver mass')
    >>> without_frame("pyloric stenosis in a 4-week-old")  # an age after it chooses (infantile, not adult)
    'pyloric stenosis in a 4-week-old'
    >>> without_frame("six cafe-au-lait spots"), without_frame("multiple sclerosis")
    ('cafe-au-lait spots', 'multiple sclerosis')
    >>> without_frame("weight loss of 12% since birth")
    'weight loss'
    >>> without_frame("weight loss of ten pounds")
    'weight loss'
    >>> without_frame("recurrent episodes of a pounding heartbeat"), without_frame("panic attacks")
    ('pounding heartbeat', 'panic attacks')
    >>> without_frame("feels anxious all the time")
    'anxious'
    >>> without_frame("a generalized tonic-clonic seizure lasting two minutes"), without_frame("cough for a week")
    ('generalized tonic-clonic seizure', 'cough')
    >>> without_frame("joint stiffness in the morning lasting over an hour")
    'joint stiffness in the morning'
    >>> without_frame("broke out in hives"), without_frame("itchy skin all over, worse at night")
    ('hives', 'itchy skin')
    >>> without_frame("A 30-year-old woman at 10 weeks' gestation with nausea and vomiting of pregnancy")
    'nausea and vomiting of pregnancy'
    >>> without_frame("A 75-year-old man with urinary retention requiring catheterization")
    'urinary retention'
    >>> without_frame("A 35-year-old woman with a malar rash that worsens in sunlight")
    'malar rash'
    >>> without_frame("A 4-year-old diagnosed with Kawasaki disease after 6 days of fever and a strawberry tongue")
    'Kawasaki disease'
    >>> without_frame("I've had a fever for three days"), without_frame("she has a barking cough")
    ('fever', 'barking cough')
    >>> without_frame("has a pacemaker"), without_frame("has had surgery"), without_frame("I'm a diabetic")
    ('pacemaker', 'has had surgery', 'diabetic')
    >>> without_frame("the doctor told me I've got the flu"), without_frame("jock itch that keeps coming back")
    ('the flu', 'jock itch')
    >>> without_frame("panic attacks out of the blue several times a month")
    'panic attacks'
    >>> without_frame("nocturia three times nightly"), without_frame("long-term methotrexate for RA")
    ('nocturia', 'long-term methotrexate')
    >>> without_frame("metformin 500 mg BID for T2DM"), without_frame("albuterol PRN for mild intermittent asthma")
    ('T2DM', 'mild intermittent asthma')
    >>> without_frame("amoxicillin for 10 days"), without_frame("nocturia x3 nightly")
    ('amoxicillin', 'nocturia')
    >>> without_frame("on lisinopril for HTN"), without_frame("insulin for T2DM")
    ('on lisinopril for HTN', 'insulin for T2DM')
    >>> without_frame("4 y/o with a bead lodged in the L ear canal"), without_frame("65yo F with new-onset AF")
    ('bead lodged in the L ear canal', 'new-onset AF')
    >>> without_frame("I broke out in hives all over my body"), without_frame("my son has another ear infection")
    ('hives', 'ear infection')
    >>> without_frame("I sprained my right ankle"), without_frame("exertional heat stroke in a marathon runner")
    ('sprained right ankle', 'exertional heat stroke')
    >>> without_frame("twisted my left ankle stepping off a curb"), without_frame("cut my left thumb while cooking")
    ('sprained left ankle stepping off a curb', 'laceration of left thumb while cooking')
    >>> without_frame("fell off a ladder and broke my right wrist")
    'broken right wrist'
    >>> without_frame("#2 Acute on chronic HFpEF"), without_frame("3) CKD stage 3"), without_frame("2.5 cm mass")
    ('Acute on chronic HFpEF', 'CKD stage 3', '2.5 cm mass')
    >>> without_frame("Triage: L facial droop"), without_frame("Discharge Dx #1: NSTEMI (type 1)")
    ('L facial droop', 'NSTEMI (type 1)')
    >>> without_frame("ED triage: abd pain RLQ"), without_frame("Condition.code.text: Polymyalgia rheumatica")
    ('abd pain RLQ', 'Polymyalgia rheumatica')
    >>> without_frame("CXR IMPRESSION: small left pleural effusion"), without_frame("Hx: MI")
    ('small left pleural effusion', 'Hx: MI')
    >>> without_frame("dog bit my right hand, two deep puncture wounds")
    'dog bite of right hand'
    >>> without_frame("I'm constipated"), without_frame("he's really dizzy"), without_frame("I'm a diabetic")
    ('constipated', 'dizzy', 'diabetic')
    >>> without_frame("hay fever every spring"), without_frame("cetirizine for hay fever")
    ('hay fever', 'hay fever')
    >>> without_frame("HTN controlled with amlodipine"), without_frame("poorly controlled diabetes")
    ('HTN', 'poorly controlled diabetes')
    >>> without_frame("My Parkinson's is getting worse"), without_frame("my eczema is acting up again")
    ("Parkinson's", 'eczema')
    >>> without_frame("I haven't been able to pee since last night"), without_frame("ulcer in a diabetic")
    ("I haven't been able to pee", 'ulcer in a diabetic')
    """
    taken = _TAKEN_FOR.match(mention.strip())
    if taken is not None:
        return taken["use"]
    given = _GIVEN_FOR.match(mention.strip())
    if given is not None:
        return given["condition"]
    mine = _MINE_ACTING_UP.match(mention.strip())
    if mine is not None:
        return mine["condition"]
    bitten = _BIT.match(mention.strip())
    if bitten is not None:
        return f"{bitten['animal'].lower()} bite of {bitten['part']}"
    own = _OWN_INJURY.match(mention)
    if own is not None:
        verb = own["verb"].lower()
        mention = f"{_PARTICIPLE.get(verb, verb)} {mention[own.end():]}"
    core = _TRAIL.sub("", _LEAD.sub("", _INSTRUCTIONS_AFTER.sub("", mention), count=1)).strip()
    # an article before a phrase of two words or more ("a generalized tonic-clonic seizure"), never "a fib"
    core = _ARTICLE.sub("", core, count=1)
    return core or mention


_ARTICLE = re.compile(r"^(?:a|an|the)\s+(?=\S+\s+\S)", re.IGNORECASE)


_EXERTION = re.compile(r"^(?P<finding>.*\S)\s+(?:on|with)\s+exertion$", re.IGNORECASE)


def exertional(mention: str) -> tuple[str, str] | None:
    """A finding said to come on exertion, as HPO names such findings, and the finding itself: "SOB on
    exertion" is HPO's "Exertional dyspnea" where a name says so, else the finding ("chest tightness").

    >>> exertional("SOB on exertion"), exertional("chest pain")
    (('exertional SOB', 'SOB'), None)
    """
    said = _EXERTION.match(mention.strip())
    return (f"exertional {said['finding']}", said["finding"]) if said else None


_FINDING_AT_SITE = re.compile(r"^(?:(?:this|that|the|a|some)\s+)?(?P<finding>[a-z][a-z\s-]*?)\s+(?:of|in|on)\s+"
                              r"(?:(?:the|my|his|her|their|your)\s+)?"
                              r"(?P<side>(?:left|right|both)\s+)?(?P<level>(?:lower|upper)\s+)?(?P<site>[a-z]+)"
                              # how far up it reaches: "edema of both lower legs to mid-shin"
                              r"(?:\s+(?:up\s+)?to\s+(?:the\s+)?(?:mid[- ]?(?:shin|calf|thigh)|knees?|ankles?|"
                              r"thighs?|calf|calves))?$", re.IGNORECASE)


def site_first(mention: str) -> str | None:
    """A finding "of" a body part said as HPO names such findings, the part first: "numbness of the right
    hand" is a right "hand numbness", "redness of the eye" an "eye redness" (HPO: "Hand tremor", "Ankle
    swelling"). ``None`` where the mention is not so framed.

    >>> site_first("numbness of the right hand"), site_first("tremor in the hands"), site_first("loss of will")
    ('right hand numbness', 'hand tremor', None)
    >>> site_first("this pain in my chest"), site_first("swelling in her left ankle")
    ('chest pain', 'left ankle swelling')
    >>> site_first("pitting edema of both lower legs to mid-shin")
    'both lower leg pitting edema'
    """
    said = _FINDING_AT_SITE.match(mention.strip())
    if said is None or said["site"].lower() not in BODY_PARTS:
        return None
    site = said["site"].lower()
    # one part named as HPO names it, whichever side or both: "weakness in both legs" is a "leg weakness"
    site = _ONE_OF.get(site, site[:-1] if site.endswith("s") and site[:-1] in BODY_PARTS else site)
    return f"{said['side'] or ''}{said['level'] or ''}{site} {said['finding']}"


_ONE_OF = {"feet": "foot", "teeth": "tooth"}


_ARISING_ON = re.compile(r"^(?P<new>\S.*?)\s+on\s+(?:(?:a|an|the)\s+)?(?P<underlying>\S.*)$", re.IGNORECASE)
#: "on" before a side says where, and the side is the condition's ("rib fxs on both sides", "shingles on the
#: right side of my chest").
_ON_A_SIDE = re.compile(r"^(?:both|right|left|bilateral)(?:\s+sides?)?\b", re.IGNORECASE)


_DUE_TO = re.compile(r"^(?P<condition>\S.*?)\s+(?:due\s+to|secondary\s+to|caused\s+by|from|2/2|d/t)\s+"
                     r"(?P<cause>[^\s,;][^,;]*)$",
                     re.IGNORECASE)


def due_to(mention: str) -> tuple[str, str] | None:
    """A condition and the cause a text gives it, where the two are coded apart ("acute kidney injury due to
    dehydration": N17.9, and E86.0 for the dehydration); ``None`` without such a cause.

    >>> due_to("acute kidney injury due to dehydration"), due_to("acute kidney injury")
    (('acute kidney injury', 'dehydration'), None)
    >>> due_to("sepsis 2/2 UTI"), due_to("AKI d/t dehydration")
    (('sepsis', 'UTI'), ('AKI', 'dehydration'))
    >>> due_to("sepsis due to E. coli, no shock")  # a clause after the cause: the whole is read elsewhere
    """
    said = _DUE_TO.match(mention.strip())
    return (said["condition"], said["cause"]) if said else None


#: Causes ICD-10-CM titles say as an adjective of the condition, and the adjectives they use.
_CAUSE_ADJECTIVES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("alcohol", "etoh", "ethanol", "alcohol use", "alcohol abuse", "alcoholism", "drinking"),
                    ("alcohol induced", "alcoholic")),
    **dict.fromkeys(("gallstones", "gallstone", "cholelithiasis", "biliary stones"), ("biliary", "gallstone")),
}


def caused_as_titles_say(condition: str, cause: str) -> list[tuple[str, str]]:
    """The condition with its cause as ICD-10-CM titles say it, and the adjective each form uses: "pancreatitis
    due to gallstones" is K85.1's "Biliary acute pancreatitis", "cirrhosis due to alcohol" K70.3's "Alcoholic
    cirrhosis of liver". Empty for a cause no title says so.

    >>> caused_as_titles_say("acute pancreatitis", "gallstones")
    [('biliary acute pancreatitis', 'biliary'), ('gallstone acute pancreatitis', 'gallstone')]
    >>> caused_as_titles_say("acute kidney injury", "dehydration")
    []
    """
    said = re.sub(r"^(?:(?:heavy|chronic|excess(?:ive)?)\s+)+", "", cause.strip().lower())
    return [(f"{adjective} {condition}", adjective) for adjective in _CAUSE_ADJECTIVES.get(said, ())]


_CAUSED = re.compile(r"^(?P<condition>\S.*?)\s+(?:due\s+to|secondary\s+to|caused\s+by|2/2)\s+(?P<cause>\S.*)$",
                     re.IGNORECASE)


#: A complication said as the condition's participle ("perforated appendicitis", "incarcerated hernia",
#: "bleeding gastric ulcer"), and the noun ICD-10-CM's "with …" clauses say it with; the Index sends an
#: incarcerated or strangulated hernia to "with obstruction".
_COMPLICATION_SAID = {"perforated": "perforation", "obstructed": "obstruction", "obstructing": "obstruction",
                      "incarcerated": "obstruction", "strangulated": "obstruction", "gangrenous": "gangrene",
                      "bleeding": "hemorrhage", "hemorrhagic": "hemorrhage", "infected": "infection",
                      "abscessed": "abscess", "necrotic": "necrosis", "necrotizing": "necrosis"}
_COMPLICATED = re.compile(rf"^(?P<before>.*?)\b(?P<said>{'|'.join(_COMPLICATION_SAID)})\s+(?P<condition>\S.*)$",
                          re.IGNORECASE)
#: A complication denied, after the condition ("…, appendix not perforated") or before it ("nonperforated").
_NOT_COMPLICATED = re.compile(rf"^(?P<condition>\S.*?),?\s+(?:(?:the\s+)?\w+\s+)?(?:not|non-?)\s*"
                              rf"(?P<said>{'|'.join(_COMPLICATION_SAID)})\s*$", re.IGNORECASE)
_NOT_COMPLICATED_BEFORE = re.compile(rf"^(?P<before>.*?)\bnon-?(?P<said>{'|'.join(_COMPLICATION_SAID)})\s+"
                                     rf"(?P<condition>\S.*)$", re.IGNORECASE)
_DENIED_BEFORE = re.compile(r"\b(?:no|not|without|denies|negative\s+for)\s+$", re.IGNORECASE)
_COMPLICATED_BY = re.compile(r"^(?P<condition>\S.*?),?\s+complicated\s+by\s+(?P<complication>\S.*)$", re.IGNORECASE)


def with_its_complication(mention: str) -> str | None:
    """A complication said before the condition or after "complicated by", said as ICD-10-CM's titles say it,
    "… with …": "perforated duodenal ulcer" is a "duodenal ulcer with perforation" (K26.5). ``None`` where the
    mention says none so.

    >>> with_its_complication("perforated appendicitis with generalized peritonitis")
    'appendicitis with generalized peritonitis with perforation'
    >>> with_its_complication("Crohn's ileitis complicated by small bowel obstruction")
    "Crohn's ileitis with small bowel obstruction"
    >>> with_its_complication("acute appendicitis with localised peritonitis, appendix not perforated")
    'acute appendicitis with localised peritonitis without perforation'
    >>> with_its_complication("nonperforated appendicitis")
    'appendicitis without perforation'
    >>> with_its_complication("duodenal ulcer with no bleeding or perforation") is None
    True
    >>> with_its_complication("incarcerated left inguinal hernia"), with_its_complication("duodenal ulcer")
    ('left inguinal hernia with obstruction', None)
    """
    said = _COMPLICATED_BY.match(mention.strip())
    if said is not None:
        return f"{said['condition']} with {said['complication']}"
    said = _NOT_COMPLICATED.match(mention.strip())
    if said is not None:
        return f"{said['condition']} without {_COMPLICATION_SAID[said['said'].lower()]}"
    said = _NOT_COMPLICATED_BEFORE.match(mention.strip())
    if said is not None:
        return f"{said['before']}{said['condition']} without {_COMPLICATION_SAID[said['said'].lower()]}".strip()
    said = _COMPLICATED.match(mention.strip())
    if said is None or _DENIED_BEFORE.search(said["before"]):  # "ulcer with no bleeding …": no complication said
        return None
    return f"{said['before']}{said['condition']} with {_COMPLICATION_SAID[said['said'].lower()]}".strip()


def with_its_cause(mention: str) -> str | None:
    """A condition and its cause said as ICD-10-CM's combination titles say them, "… with …": the classification's
    "with" presumes the link (guideline I.A.15), so "AKI 2/2 ATN" is N17.0 "Acute kidney failure with tubular
    necrosis". ``None`` where no cause is given.

    >>> with_its_cause("AKI 2/2 ATN"), with_its_cause("pneumonia due to RSV"), with_its_cause("AKI")
    ('AKI with ATN', 'pneumonia with RSV', None)
    """
    said = _CAUSED.match(mention.strip())
    return f"{said['condition']} with {said['cause']}" if said else None


#: A body part, with its article and side: what "on" or "over" places a condition at, never a condition.
_A_BODY_PART = re.compile(rf"^(?:(?:the|a|his|her|my|their)\s+)?(?:(?:left|right|l|r)\s+)?(?:(?:upper|lower)\s+)?"
                          rf"(?:{'|'.join(sorted(BODY_PARTS, key=len, reverse=True))})$", re.IGNORECASE)
_OVER_A_SITE = re.compile(r"^(?P<condition>\S.*?)\s+over\s+(?P<site>\S.*)$", re.IGNORECASE)
_INVOLVING = re.compile(r"^(?P<condition>\S.*?)\s+(?:involving|affecting|on|of|over)\s+(?:(?:both|the|his|her|my)\s+)?"
                        r"(?P<sites>\S.*)$", re.IGNORECASE)
_PARTS_JOINED = re.compile(r"\s*(?:,|\band\b|&|/)\s*", re.IGNORECASE)


def over_a_site(mention: str) -> str | None:
    """A condition said to lie "over" a body part, as titles say it, "of" the part: "stage 2 pressure injury
    over the sacrum" is one "of the sacrum". ``None`` where what follows "over" is no body part ("weight gain
    over 2 weeks").

    >>> over_a_site("stage 2 pressure injury over the sacrum"), over_a_site("weight gain over 2 weeks")
    ('stage 2 pressure injury of the sacrum', None)
    """
    said = _OVER_A_SITE.match(mention.strip())
    if said is None or not _A_BODY_PART.match(said["site"]):
        return None
    return f"{said['condition']} of {said['site']}"


_AN_INFECTION = re.compile(r"^(?P<agent>\S.*?)\s+(?:infection|infxn)$", re.IGNORECASE)


def without_infection_word(mention: str) -> str | None:
    """An infectious disease said with the word "infection" after its name ("COVID-19 infection", "C. diff
    infection"): the name alone, which the caller takes only where it names an infectious disease's code;
    ``None`` where the mention does not end so.

    >>> without_infection_word("COVID-19 infection"), without_infection_word("infection")
    ('COVID-19', None)
    """
    said = _AN_INFECTION.match(mention.strip())
    return said["agent"] if said else None


def at_body_sites(mention: str) -> tuple[str, str] | None:
    """A condition said to involve one or more parts of the body ("plaque psoriasis involving elbows and
    knees", "hidradenitis suppurativa of both axillae"), as the condition and the parts; ``None`` where one of
    them is no body part. Whether the condition's codes tell parts apart at all is the caller's to judge.

    >>> at_body_sites("Plaque psoriasis involving elbows and knees"), at_body_sites("eczema of both hands")
    (('Plaque psoriasis', 'elbows and knees'), ('eczema', 'hands'))
    >>> at_body_sites("hives on my arms and trunk"), at_body_sites("rash on arms and a fever")
    (('hives', 'arms and trunk'), None)
    """
    said = _INVOLVING.match(mention.strip())
    if said is None:
        return None
    parts = [part for part in _PARTS_JOINED.split(said["sites"].strip()) if part]
    if not parts or not all(_A_BODY_PART.match(part) for part in parts):
        return None
    return said["condition"], said["sites"].strip()


def arising_on(mention: str) -> tuple[str, str] | None:
    """A condition said to arise on another ("AKI on CKD stage 3"): the new condition, coded first, and the
    one underneath, a code of its own. ``None`` where the mention says no "on".

    >>> arising_on("AKI on CKD stage 3"), arising_on("acute kidney injury")
    (('AKI', 'CKD stage 3'), None)
    >>> arising_on("multiple rib fxs on both sides"), arising_on("shingles on the right side of my chest")
    (('both sides multiple rib fxs', 'both sides'), ('right side shingles', 'right side of my chest'))
    >>> arising_on("lipoma on the back"), arising_on("SOB on exertion – CHF exacerbation")
    (None, None)
    >>> arising_on("stye on my left upper eyelid")  # at a site: the eyelid is the code's axis
    """
    said = _ARISING_ON.match(mention.strip())
    if said is None or _A_BODY_PART.match(said["underlying"]):  # "lipoma on the back" is at a site
        return None
    if dash_parts(said["underlying"]):  # "SOB on exertion – CHF exacerbation": a note's parts, not one "on" another
        return None
    side = _ON_A_SIDE.match(said["underlying"])
    return (f"{side.group(0)} {said['new']}" if side else said["new"]), said["underlying"]


_NEWBORN = re.compile(r"\s*\b(?:(?:in|of)\s+(?:(?:a|an|the)\s+)?)?(?:\d{2}[- ]?(?:weeks?|wks?)['’]?\s+)?"
                      r"(?:(?:preterm|premature|term|full[- ]term)\s+)?"
                      r"(?:newborn|neonate|infant|baby|preemie|premie)\b|\s*\bof\s+prematurity\b|\bneonatal\s+",
                      re.IGNORECASE)


#: Said of a newborn, "NEC" is necrotising enterocolitis, never ICD-10-CM's "not elsewhere classified" (which
#: the abbreviations file leaves unread for its two meanings).
_NEC = re.compile(r"\bNEC\b")


def in_a_newborn(mention: str) -> list[str] | None:
    """A condition said of a newborn ("NEC in a preterm infant", "neonatal sepsis", "BPD of prematurity") as
    ICD-10-CM's perinatal chapter names such conditions: "… in newborn", "… of newborn", "neonatal …", and
    last the condition alone, which a caller takes only where its code is a newborn's (a newborn's sepsis is
    P36.9, never the adult's A41.9). ``None`` where the mention says no newborn.

    >>> in_a_newborn("LGA baby")[-1]
    'LGA'
    >>> in_a_newborn("NEC in a preterm infant")[:2]
    ['necrotizing enterocolitis in newborn', 'necrotizing enterocolitis of newborn']
    >>> in_a_newborn("neonatal sepsis")[:2], in_a_newborn("sepsis"), in_a_newborn("sepsis in newborn")[0]
    (['sepsis in newborn', 'sepsis of newborn'], None, 'sepsis in newborn')
    >>> in_a_newborn("hyaline membrane disease in 29-wk preemie")[0]
    'hyaline membrane disease in newborn'
    >>> in_a_newborn("NEC")
    """
    condition = " ".join(_NEWBORN.sub(" ", mention).split())
    if condition == " ".join(mention.split()) or not condition:
        return None
    condition = _NEC.sub("necrotizing enterocolitis", condition)
    return [f"{condition} in newborn", f"{condition} of newborn", f"neonatal {condition}", condition]


_AT_PLACE = re.compile(r"^(?P<finding>\S.*?)\s+(?:(?:radiating|extending|spreading|migrating|moving|shifting)\s+"
                       r"(?:in)?to|at|to|over|along)\s+"
                       r"(?:the\s+|both\s+|his\s+|her\s+|my\s+)?(?:(?:left|right|l|r|lt|rt|bilateral|lower|upper|lung|sternal|"
                       r"cardiac|mitral|aortic)\s+)*(?!(?:bedside|home|work|school|rest|night|times|baseline)\b)"
                       r"(?:\w+)(?:\s+and\s+(?:the\s+)?\w+)?$", re.IGNORECASE)


#: How far along a pregnancy is, said after a finding: "decreased fetal movement at 34 weeks".
_AT_WEEKS = re.compile(r"^(?P<finding>.*?\S)\s*,?\s+(?:at\s+)?\d{1,2}(?:\s+[0-6]/7)?\s*(?:-\s*)?(?:weeks?|wks?)"
                       r"(?:['’]?\s*(?:gestation|pregnant|ga))?\s*$", re.IGNORECASE)


def without_weeks_along(mention: str) -> str | None:
    """A finding said with how far along the pregnancy is, without it: HPO names no trimester (a code of
    chapter 15 that does is the caller's). ``None`` where no weeks end the mention.

    >>> without_weeks_along("decreased fetal movement at 34 weeks"), without_weeks_along("cough for 3 weeks")
    ('decreased fetal movement', None)
    >>> without_weeks_along("vaginal spotting, 9 wks pregnant")
    'vaginal spotting'
    """
    said = _AT_WEEKS.match(mention.strip())
    if said is None or re.search(r"\b(?:for|x|since|over|past|last)\s*$", said["finding"], re.IGNORECASE):
        return None  # "for 3 weeks" is how long, which another frame reads
    return said["finding"]


def without_place(mention: str) -> str | None:
    """A finding without the place an examination found it or a pain spreads to: "crackles at both lung
    bases" is crackles, "holosystolic murmur at the apex" a holosystolic murmur, "chest pain radiating to the
    left arm" a chest pain. ``None`` where the mention ends in no such place.

    >>> without_place("crackles at both lung bases")
    'crackles'
    >>> without_place("crushing chest pain radiating to the left arm")
    'crushing chest pain'
    >>> without_place("chest pain spreading to the left arm and jaw"), without_place("CP radiating to L arm")
    ('chest pain', 'CP')
    >>> without_place("decreased breath sounds at the right base"), without_place("chest pain")
    ('decreased breath sounds', None)
    >>> without_place("family at bedside"), without_place("dyspnea at rest")  # a place of no body
    (None, None)
    """
    said = _AT_PLACE.match(mention.strip())
    return said["finding"] if said else None


#: When a finding comes, or what it comes without: "RUQ pain after fatty meals" is the pain, "generalized
#: itching without a rash" the itching, "joint stiffness in the morning" the stiffness. Read only where the
#: whole mention names nothing ("migraine without aura" is a name of its own).
_CIRCUMSTANCE = re.compile(
    r"^(?P<finding>\S.*?)\s+(?:(?:(?:mainly|mostly|especially|worse|only)\s+)?(?:after|following|with|when|while|on|"
    r"during|before)\s+(?:(?:a|an|the|every|each)\s+)?(?:eating|meals?|fatty\s+(?:meals?|foods?)|food|feeds?|feedings?|"
    r"exercise|exertion|walking|"
    r"climbing\s+stairs|lying\s+(?:flat|down)|standing(?:\s+up)?|coughing|urination|urinating|voiding|"
    r"intercourse|sex|swallowing|deep\s+(?:breaths?|inspiration)|breathing|inspiration|movement|bending\s+over|"
    r"activity|waking|awakening)|without\s+(?:a\s+|an\s+|any\s+)?\S+(?:\s+\S+)?|"
    r"in\s+the\s+(?:morning|mornings|evening|evenings|night)|at\s+night|upon\s+waking|"
    # what sets it off, said as a clause: "clear rhinorrhoea every spring when the grass is cut"
    r"(?:(?:every|each)\s+(?:spring|summer|fall|autumn|winter)\s+)?when\s+(?:the|i|he|she|it|they|we|my|his|her|"
    r"their)\s+[^,;]+)$", re.IGNORECASE)


#: A finding with what comes with it ("productive cough with green sputum"): the finding, as a last resort.
_WITH_MORE = re.compile(r"^(?P<finding>\S.*?)\s+(?:with|w/|and)\s+(?:\S+\s*){1,4}$", re.IGNORECASE)


def without_what_comes_with_it(mention: str) -> str | None:
    """The finding before "with …" ("productive cough with green sputum" is a productive cough); ``None`` where
    the mention has no such tail.

    >>> without_what_comes_with_it("productive cough with green sputum"), without_what_comes_with_it("cough")
    ('productive cough', None)
    >>> without_what_comes_with_it("productive cough w/ green sputum")
    'productive cough'
    """
    said = _WITH_MORE.match(mention.strip())
    return said["finding"] if said else None


def without_circumstance(mention: str) -> str | None:
    """A finding without when it comes or what it comes without; ``None`` where it ends in neither.

    >>> without_circumstance("RUQ pain after fatty meals"), without_circumstance("generalized itching without a rash")
    ('RUQ pain', 'generalized itching')
    >>> without_circumstance("joint stiffness in the morning"), without_circumstance("chest pain")
    ('joint stiffness', None)
    >>> without_circumstance("clear rhinorrhoea every spring when the grass is cut")
    'clear rhinorrhoea'
    """
    said = _CIRCUMSTANCE.match(mention.strip())
    return said["finding"] if said else None


_MALIGNANCY = re.compile(r"\b(?:(?:adeno|squamous\s+cell\s+|small\s+cell\s+|large\s+cell\s+)?carcinoma|cancer|"
                         r"malignancy|malignant\s+(?:tumou?r|neoplasm|lesion|growth))\b"
                         # "breast ca", "colon ca": after a site, never a calcium said first ("Ca 11.2")
                         r"|(?<=\w\s)ca\b", re.IGNORECASE)
_NOT_MALIGNANT = re.compile(r"\bin\s+situ\b|\bbenign\b|\bmalignant\s+melanoma\b|\bhistory\b|\bscreening\b|"
                            r"\bmetasta\w*|\bsecondary\b", re.IGNORECASE)
#: A cancer's histology, which ICD-10-CM's C codes do not name (they name the site; the morphology is ICD-O's).
_HISTOLOGY = re.compile(r"\b(?:medullary|papillary|follicular|anaplastic|ductal|lobular|invasive|infiltrating|"
                        r"mucinous|serous|urothelial|transitional\s+cell|clear\s+cell|signet\s+ring|"
                        r"(?:non[- ]?)?small[- ]cell|(?:well|moderately|poorly)[- ]differentiated)\s+"
                        # nor its stage, nor that it is the primary tumour ("stage IV NSCLC, RUL primary")
                        r"|\bstage\s+(?:[0-4]|i{1,3}|iv)[abc]?\b,?\s*|,?\s*\bprimary\b", re.IGNORECASE)


def as_malignant_neoplasm(mention: str) -> str | None:
    """A cancer said as ICD-10-CM's titles say it: by site, as a malignant neoplasm (the histology is no axis of
    the classification's C codes), and a melanoma as a *malignant* melanoma. ``None`` where the mention says no
    cancer, or says one in situ or benign.

    >>> as_malignant_neoplasm("adenocarcinoma of the right upper lobe"), as_malignant_neoplasm("colon carcinoma")
    ('malignant neoplasm of right upper lobe', 'malignant neoplasm of colon')
    >>> as_malignant_neoplasm("melanoma of the back"), as_malignant_neoplasm("carcinoma in situ of the cervix")
    ('malignant melanoma of the back', None)
    >>> as_malignant_neoplasm("colon ca"), as_malignant_neoplasm("Ca 11.2")
    ('malignant neoplasm of colon', None)
    >>> as_malignant_neoplasm("papillary thyroid carcinoma"), as_malignant_neoplasm("metastatic colon cancer")
    ('malignant neoplasm of thyroid', None)
    >>> as_malignant_neoplasm("stage 4 non small cell lung cancer right upper lobe primary")
    'malignant neoplasm of lung right upper lobe'

    """
    if _NOT_MALIGNANT.search(mention):
        return None
    if re.search(r"\bmelanoma\b", mention, re.IGNORECASE):
        return re.sub(r"\bmelanoma\b", "malignant melanoma", mention, count=1, flags=re.IGNORECASE)
    said = _MALIGNANCY.search(mention)
    if said is None:
        return None
    site = _HISTOLOGY.sub("", f"{mention[:said.start()]} {mention[said.end():]}").strip()
    site = " ".join(re.sub(r"^(?:of|in)\s+(?:the\s+)?", "", site, flags=re.IGNORECASE).split())
    said_so = f"malignant neoplasm of {site}"
    return said_so if site and said_so.lower() != mention.strip().lower() else None


#: Where a cancer spreads, as C77–C79 title the site of a secondary malignant neoplasm.
_SPREAD_SITES = {"liver": "liver", "hepatic": "liver", "bone": "bone", "bony": "bone", "osseous": "bone",
                 "skeletal": "bone", "spine": "bone", "spinal": "bone", "vertebral": "bone", "brain": "brain",
                 "cerebral": "brain", "lung": "lung", "lungs": "lung", "pulmonary": "lung", "adrenal": "adrenal gland",
                 "adrenal gland": "adrenal gland", "peritoneum": "peritoneum", "peritoneal": "peritoneum",
                 "pleura": "pleura", "pleural": "pleura", "skin": "skin", "cutaneous": "skin",
                 "bone marrow": "bone marrow", "lymph node": "lymph node", "lymph nodes": "lymph node",
                 "nodal": "lymph node", "ovary": "ovary", "ovarian": "ovary", "kidney": "kidney", "renal": "kidney"}
_SPREAD_SITE = rf"(?P<site>{'|'.join(sorted(map(re.escape, _SPREAD_SITES), key=len, reverse=True))})"
_SPREAD = r"(?:metastas[ie]s|metastatic\s+(?:disease|lesions?|deposits?)|mets?|secondaries|secondary\s+deposits?)"
_SECONDARY_SAID = (
    # "bone metastases", "liver mets", "brain metastatic disease"
    re.compile(rf"^{_SPREAD_SITE}\s+{_SPREAD}$", re.IGNORECASE),
    # "metastases to the liver", "mets to bone", "metastatic breast cancer to the bone"
    re.compile(rf"^(?:{_SPREAD}|metastatic\s+.+?|.+?\s+metastatic)\s+(?:to|in|involving)\s+(?:the\s+)?{_SPREAD_SITE}$",
               re.IGNORECASE),
)
_METASTATIC_PRIMARY = re.compile(r"^metastatic\s+(?P<primary>.+)$", re.IGNORECASE)


def as_secondary_neoplasm(mention: str) -> str | None:
    """A cancer's spread said as ICD-10-CM titles it: a secondary malignant neoplasm of the site it reached
    (C77–C79; the Index's "Metastasis, metastatic — see Neoplasm, secondary, by site"); a metastatic cancer with
    no site it reached is its primary, coded as a malignant neoplasm of its own site (the spread a code apart,
    C79.9). ``None`` where the mention says no spread.

    >>> as_secondary_neoplasm("bone metastases"), as_secondary_neoplasm("mets to the liver")
    ('secondary malignant neoplasm of bone', 'secondary malignant neoplasm of liver')
    >>> as_secondary_neoplasm("metastatic breast cancer to the spine")
    'secondary malignant neoplasm of bone'
    >>> as_secondary_neoplasm("metastatic prostate cancer"), as_secondary_neoplasm("liver cirrhosis")
    ('malignant neoplasm of prostate', None)
    """
    said = mention.strip()
    for pattern in _SECONDARY_SAID:
        spread = pattern.match(said)
        if spread is not None:
            return f"secondary malignant neoplasm of {_SPREAD_SITES[spread['site'].lower()]}"
    primary = _METASTATIC_PRIMARY.match(said)
    return as_malignant_neoplasm(primary["primary"]) if primary is not None else None


#: Things children and adults put where they should not be, which chapter 19 codes as a foreign body (T15–T19).
_OBJECT = (r"(?:(?:a|an|the|small|plastic|metal)\s+)*(?:beads?|beans?|peas?|peanuts?|coins?|toys?|marbles?|"
           r"button(?:\s+batter(?:y|ies))?|batter(?:y|ies)|crayons?|pebbles?|popcorn(?:\s+kernels?)?|kernels?|"
           r"erasers?|earrings?|magnets?|fish\s*bones?|q-?tips?|cotton(?:\s+(?:swab|ball))?|tampons?|insects?|"
           r"bugs?|food\s+bolus|piece\s+of\s+\w+|quarters?|pennies|penny|dimes?|nickels?|pins?|safety\s+pins?|"
           r"needles?|screws?|nails?|keys?|rings?)")
#: The openings T16–T18 name, and how their titles say them.
_ORIFICES = {"ear canal": "ear", "ear": "ear", "nose": "nostril", "nostril": "nostril", "nares": "nostril",
             "eye": "eye", "throat": "pharynx", "esophagus": "esophagus", "rectum": "rectum",
             "vagina": "vagina", "stomach": "stomach", "trachea": "trachea", "windpipe": "trachea",
             "bronchus": "bronchus", "larynx": "larynx", "small intestine": "small intestine", "small bowel":
             "small intestine", "colon": "colon"}
_FOREIGN_BODY = re.compile(rf"^{_OBJECT}\s+(?:stuck\s+|lodged\s+)?(?:in|into|up)\s+(?:(?:the|his|her|my|their)\s+)?"
                           r"(?P<side>(?:(?:r|l|rt|lt|right|left)\s+)?)"
                           rf"(?P<orifice>{'|'.join(sorted(_ORIFICES, key=len, reverse=True))})$", re.IGNORECASE)


def as_foreign_body(mention: str) -> str | None:
    """A thing said to be in a body opening ("bead in R ear canal", "pea up his nose"), as chapter 19 titles
    it: a foreign body in that opening, its side kept. ``None`` for anything else.

    >>> as_foreign_body("bead in R ear canal"), as_foreign_body("pea stuck up his nose")
    ('foreign body in R ear', 'foreign body in nostril')
    >>> as_foreign_body("the coin in the stomach"), as_foreign_body("safety pin in the small bowel")
    ('foreign body in stomach', 'foreign body in small intestine')
    >>> as_foreign_body("blood in the urine")
    """
    said = _FOREIGN_BODY.match(mention.strip())
    if said is None:
        return None
    return f"foreign body in {said['side']}{_ORIFICES[said['orifice'].lower()]}"


#: The words of a condition's kind or grade a note puts after it: "asthma exacerbation, mild intermittent".
_KIND_AFTER = re.compile(r"^(?P<condition>[^,]+?),\s*(?P<kind>(?:(?:mild|moderate|severe|intermittent|persistent|"
                         r"acute|chronic|subacute|recurrent|episodic|refractory)\s*)+)$", re.IGNORECASE)


def kind_first(mention: str) -> str | None:
    """A condition with its kind said after it, as titles say it, before: "asthma exacerbation, mild
    intermittent" is a "mild intermittent asthma exacerbation"; ``None`` where no such clause ends it.

    >>> kind_first("asthma exacerbation, mild intermittent"), kind_first("asthma, left lung")
    ('mild intermittent asthma exacerbation', None)
    """
    said = _KIND_AFTER.match(mention.strip())
    return f"{said['kind'].strip()} {said['condition'].strip()}" if said else None


#: More than one rib said broken: "rib fractures, left, 3 ribs", "three fractured ribs", "fractures of ribs 4-6".
_RIBS_BROKEN = re.compile(
    r"\b(?:(?:multiple|several|two|three|four|five|six|\d+)\s+(?:(?:left|right|l|r)[- ]sided\s+|(?:left|right)\s+)?"
    r"(?:rib\s+fractures|rib\s+fxs?|fractured\s+ribs|broken\s+ribs|ribs)|rib\s+fractures|rib\s+fxs|"
    # "L rib fx x3": a count after the fracture
    r"rib\s+(?:fx|fracture)s?\s*x\s*(?:[2-9]|\d\d)|fractures\s+of\s+(?:the\s+)?"
    r"(?:left\s+|right\s+)?ribs|(?:fractured|broken)\s+ribs|ribs\s+\d+\s*(?:-|to|through|and)\s*\d+)\b",
    re.IGNORECASE)


def as_rib_fractures(mention: str) -> str | None:
    """Ribs said broken in the plural, as S22.4- titles them: "multiple fractures of ribs", the side kept for
    the code's axis. ``None`` where one rib, or none, is said.

    >>> as_rib_fractures("rib fractures, left, 3 ribs"), as_rib_fractures("three fractured ribs on the right")
    ('multiple fractures of ribs, left', 'multiple fractures of ribs, right')
    >>> as_rib_fractures("single R rib fx"), as_rib_fractures("traumatic pneumothorax after rib fractures")
    (None, None)
    >>> as_rib_fractures("R rib fx x3 after a fall"), as_rib_fractures("rib fx x1"), as_rib_fractures("2 rib fx")
    ('multiple fractures of ribs, right', None, 'multiple fractures of ribs')
    >>> as_rib_fractures("multiple rib fxs on both sides")
    'multiple fractures of ribs, bilateral'
    """
    said = _RIBS_BROKEN.search(mention)
    if said is None or re.search(r"\b(?:single|one|1)\s+(?:\w+\s+)?rib\b", mention, re.I) \
            or re.search(r"[a-z]{4,}", re.sub(r"\b(?:left|right|closed|displaced|nondisplaced|acute|multiple|several|"
                                             r"three|four|five)\b", "", mention[:said.start()], flags=re.I), re.I):
        return None  # the ribs are the mention's own, not the cause of something before them
    if re.search(r"\b(?:both\s+sides|bilateral(?:ly)?)\b", mention, re.IGNORECASE):
        return "multiple fractures of ribs, bilateral"
    sides = {("left" if w.lower() in ("left", "l") else "right") for w in re.findall(r"\b(left|right|l|r)\b", mention,
                                                                               re.IGNORECASE)}
    return "multiple fractures of ribs" + (f", {sides.pop()}" if len(sides) == 1 else "")


#: A deep vein thrombosis as notes write it, and the deep veins I82.4–I82.C titles name one by one.
_DVT = re.compile(r"\b(?:dvts?|deep\s+ve(?:in|nous)\s+thromb(?:osis|i|us)|thrombosis|thrombus|clot)\b", re.IGNORECASE)
_DEEP_VEIN = re.compile(r"\b(?P<side>(?:left|right|l|r|bilateral)\s+)?(?P<vein>femoral|popliteal|"
                        r"(?:common\s+|external\s+)?iliac|tibial|peroneal|axillary|subclavian|internal\s+jugular)"
                        r"(?:\s+vein)?\b", re.IGNORECASE)
_SIDE_LETTER = {"l": "left", "r": "right"}


def as_vein_thrombosis(mention: str) -> str | None:
    """A DVT said by the one deep vein it is in ("DVT of the right popliteal vein", "L femoral DVT"), as
    ICD-10-CM titles name it: "acute embolism and thrombosis of" the vein (I82.4-, I82.A–C), acute unless
    the text says chronic; the side stays for the code's axis. ``None`` where no thrombosis, or not one vein,
    is said ("femoral-popliteal DVT" is two).

    >>> as_vein_thrombosis("DVT of the right popliteal vein"), as_vein_thrombosis("chronic L femoral DVT")
    ('acute embolism and thrombosis of right popliteal vein', 'chronic embolism and thrombosis of left femoral vein')
    >>> as_vein_thrombosis("DVT left leg"), as_vein_thrombosis("femoral-popliteal DVT")
    (None, None)
    """
    veins = list(_DEEP_VEIN.finditer(mention))
    if not _DVT.search(mention) or len(veins) != 1:
        return None
    side = (veins[0]["side"] or "").strip().lower()
    side = _SIDE_LETTER.get(side, side)
    course = "chronic" if re.search(r"\bchronic\b", mention, re.IGNORECASE) else "acute"
    vein = re.sub(r"\s+", " ", veins[0]["vein"].lower())
    return f"{course} embolism and thrombosis of {side + ' ' if side else ''}{vein} vein"


_STROKE = re.compile(r"\s*\b(?:ischemic\s+)?(?:stroke|cva|infarct|infarction)\b\s*", re.IGNORECASE)
#: The arteries I63.3–I63.5 name ("middle cerebral artery", "basilar artery"), as notes write them in full or
#: short (the abbreviations file spells "MCA" out).
_CEREBRAL_ARTERY = re.compile(r"\b(?:(?:middle|anterior|posterior)\s+cerebral|cerebellar|basilar|vertebral|carotid)"
                              r"(?:\s+arter(?:y|ies))?\b|\b[MAP]CA\b|\bICA\b", re.IGNORECASE)


def as_cerebral_infarction(mention: str) -> str | None:
    """A stroke said by the artery it struck ("L MCA stroke", "right PCA infarct"), as ICD-10-CM titles name it
    where the text says no cause: "cerebral infarction due to unspecified occlusion or stenosis of" the artery
    (I63.5-, whose codes take the side). ``None`` where no stroke or no artery is said.

    >>> as_cerebral_infarction("L MCA stroke")
    'cerebral infarction due to unspecified occlusion or stenosis of L MCA'
    >>> as_cerebral_infarction("stroke"), as_cerebral_infarction("MCA aneurysm")
    (None, None)
    """
    said = _STROKE.search(mention)
    if said is None or not _CEREBRAL_ARTERY.search(mention):
        return None
    artery = f"{mention[:said.start()]} {mention[said.end():]}".strip()
    artery = re.sub(r"^(?:of|in)\s+(?:the\s+)?", "", artery, flags=re.IGNORECASE).strip()
    return f"cerebral infarction due to unspecified occlusion or stenosis of {artery}"


#: What a note adds after a condition that no code says: a year ("since 2022", "quit 2010"), a count ("x3"),
#: where it was seen ("noted on exam"), a clause that says it is unspecified ("organism not identified").
_NOTE_ASIDES = re.compile(
    r"\s*\b(?:(?:in|since|from|dx|diagnosed|placed|quit)\s+)?(?:19|20)\d\d\b"
    # the delivery a newborn's injury came of, which its P10–P15 code says (birth injury): "Erb palsy after
    # shoulder dystocia"
    r"|\s*,?\s*\b(?:after|following|from|due\s+to)\s+(?:an?\s+)?(?:shoulder\s+dystocia|(?:difficult|traumatic|"
    r"forceps|vacuum|breech)(?:[- ]assisted)?\s+(?:delivery|birth|extraction))\b"
    # when it was last looked for: "hx of adenomatous colon polyps, last scope 2022"
    r"|\s*,?\s*\blast\s+(?:scope|colonoscopy|egd|endoscopy|mammogram|scan|ct|mri|pap(?:\s+smear)?|exam|visit|seen)\b"
    # when it was seen, as a day's notes say it: "K 6.1 this am"
    r"|\s*\b(?:this\s+(?:am|pm|morning|afternoon|evening)|today|tonight|last\s+night|overnight|yesterday)\b"
    # and who saw it: "L facial droop noted by daughter" (a witness, never the patient's relative's condition)
    r"|\s*,?\s*\b(?:noted|reported|witnessed|seen|observed|found)\s+by\s+(?:(?:his|her|their|the|a|pt'?s)\s+)?"
    r"(?:daughter|son|wife|husband|spouse|partner|mother|mom|father|dad|parents?|family|caregiver|nurse|"
    r"rn|ems|paramedics?|staff|teacher|roommate|friend|coworker|pcp)\b"
    # and where: "syncope in ED", "BP 190/110 at triage" (a place of care, never a part of the body)
    r"|\s*,?\s*\b(?:(?:seen|noted|found|presented|presenting)\s+)?(?:in|at)\s+(?:the\s+)?(?:ed|er|"
    r"emergency\s+(?:department|room)|clinic|triage|urgent\s+care|office|waiting\s+room|"
    # where it happened, a place of occurrence coded apart (Y92): "hip fx after a fall at the nursing home"
    r"nursing\s+home|(?:assisted[- ]living|care)\s+(?:facility|home)|school|work|home|daycare|gym)\b"
    # who confirmed it or how, which the code does not say: "DNR confirmed with health-care proxy"
    r"|\s*,?\s*\b(?:confirmed|discussed|reviewed|verified|documented)\s+(?:with|by)\s+(?:the\s+)?(?:patient|pt|"
    r"family|(?:health[- ]care\s+)?proxy|hcp|poa|daughter|son|wife|husband|spouse|biopsy|pathology|imaging|ct|mri|"
    r"ultrasound)\b"
    # the form or person it was taken from: "DNR/DNI per MOLST", "per daughter"
    r"|\s*,?\s*\bper\s+(?:the\s+)?(?:molst|polst|most|advance\s+directive|living\s+will|patient|pt|family|hcp|"
    r"(?:health[- ]care\s+)?proxy|poa|daughter|son|wife|husband|spouse|chart|records?|pcp|outside\s+records)\b"
    # in whom, where it is no word of the code: "chronic cough in a lifelong nonsmoker"
    r"|\s*,?\s*\bin\s+an?\s+(?:lifelong\s+|lifetime\s+|former\s+|current\s+|heavy\s+)?(?:non-?smoker|never[- ]smoker|"
    r"smoker|ex-?smoker)\b"
    # a tremor's frequency: "4-5 Hz resting tremor"
    r"|\s*\b\d+(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?\s*hz\b"
    # DSM-5's specifiers of a remission, which ICD-10-CM codes as "in remission" whichever (F10.21)
    r"|\s*\b(?:early|sustained)\b(?=\s+remission\b)"
    r"|\s*\bx\s?\d+(?:\s*(?:d|days?|wks?|weeks?|mos?|months?|h|hrs?|hours?|mins?|minutes?|yrs?|years?))?\b"
    # how it happened, an external cause coded apart (chapter 20): "L hip contusion s/p mechanical fall"
    r"|\s*,?\s*\b(?:s/p|after|following|from)\s+(?:an?\s+)?(?:mechanical\s+|ground[- ]level\s+)?"
    r"(?:fall(?:\s+(?:down|from|off|onto|on|against|into)\s+(?:the\s+|a\s+|an\s+)?(?:stairs|steps|ladder(?:\s+rungs?)?|"
    r"bed|chair|roof|bike|bicycle|horse|curb|ice|stool|table|cabinet|counter|wall|door|dresser|desk|furniture|"
    r"bathtub|tub|toilet|floor|ground|sidewalk|pavement)|\s+on\s+(?:an?\s+)?outstretched\s+(?:hand|arm))?|foosh|mvc|mva|motor\s+vehicle\s+(?:collision|accident)|assault|"
    r"straddle\s+injury|(?:fist\s*)?fight|punch|slap|being\s+(?:punched|slapped|hit))\b"
    # how long since, how large and how much: "2 wk f/u", "3 cm lac", "5 mm stone", "15-lb weight loss",
    # "stiffness ~1 hr", "PPH 1200 mL"; never the weeks a pregnancy is "at", which chapter 15 codes as its trimester
    r"|(?<!\bat)(?<!\bat\s)\s*~?\s*\b\d+(?:\.\d+)?[\s-]*(?:d|days?|wks?|weeks?|mos?|months?|yrs?|years?|hrs?|hours?|"
    r"mins?|minutes?|cm|mm|ml|cc|lbs?|pounds?|kgs?)\b"
    r"(?![\s-]*old\b)"
    r"|\s*\b(?:(?:noted|seen|found|heard|felt|present|grew|growing)\s+)?on\s+"
    r"(?:(?:sputum|blood|urine|wound|stool|csf|throat)\s+)?(?:exam|examination|imaging|cxr|ct|mri|x-?rays?|"
    r"xr|films?|ultrasound|us|ekg|ecg|echo|ua|urinalysis|dipstick|labs?|cbc|bmp|cmp|biopsy|smear|culture|cx|"
    r"(?:the\s+)?(?:cardiac\s+)?monitor|tele|telemetry|auscultation|palpation|fundoscopy|otoscopy|dermoscopy|"
    r"spirometry|(?:the\s+)?(?:\d+-lead\s+)?(?:ecg|ekg))\b"
    # how much a day: "polyuria, about 5 L/day", "polydipsia, drinking ~6 L a day"
    r"|\s*,?\s*(?:(?:drinking|drinks|passing|passes|peeing|urinating|voiding)\s+)?"
    r"(?:about|approximately|approx\.?|~|over|>)?\s*\d+(?:\.\d+)?\s*(?:l|ml|liters?|litres?)\s*"
    r"(?:(?:of\s+)?(?:water|fluids?|urine)\s+)?(?:/|per\s+|a\s+)(?:day|d|24\s*h(?:ours?|rs?)?)\b"
    # a seatbelt's mark, how the injury came about: "seatbelt contusion of the abdominal wall"
    r"|\s*\bseat\s?belt\b(?=\s+(?:contusions?|bruis\w*|abrasions?|injur\w*|marks?|signs?)\b)"
    # where an enlarged organ's edge was felt: "hepatomegaly, 4 cm below the costal margin"
    r"|\s*,?\s*(?:\d+(?:\.\d+)?\s*(?:cm|fingerbreadths?|finger\s+breadths?)\s+)?below\s+the\s+"
    r"(?:right\s+|left\s+)?costal\s+margin\b"
    # right-handedness, which makes ICD-10-CM's defaults of dominance hold (guideline I.C.6.a: the right side
    # dominant, the left non-dominant): "R hemiparesis from old stroke, R-handed" (left-handedness is no aside)
    r"|\s*,?\s*\b(?:r|rt|right)[- ]hand(?:ed|\s+dominant)\b"
    # an open fracture's Gustilo type I or II, the open fracture's default 7th character (B) says it
    r"|\s*,?\s*\bgustilo(?:[- ]anderson)?\s+(?:type\s+)?(?:ii|i|1|2)\b"
    # the ventricular rate of atrial fibrillation or flutter, which no I48 code names: "afib with RVR"
    r"|\s*,?\s*\b(?:with\s+)?(?:rvr|(?:rapid|slow|controlled)\s+ventricular\s+(?:response|rate))\b"
    # a zoster's dermatome, which no B02 code names: "herpes zoster of the left T10 dermatome"
    r"|\s*,?\s*\b(?:(?:of|in|along|involving)\s+)?(?:the\s+)?(?:(?:left|right|l|r)\s+)?[CTLS]\d{1,2}(?:\s*-\s*[CTLS]?\d{1,2})?"
    r"\s+dermatomes?\b",
    re.IGNORECASE)
_AFTER_TRAUMA = re.compile(
    r"\b(?:after|following|from|s/p|due\s+to)\s+(?:an?\s+|the\s+)?(?:mechanical\s+|ground[- ]level\s+)?"
    r"(?:fall|foosh|mvc|mva|motor\s+vehicle\s+(?:collision|accident|crash)|car\s+(?:crash|accident)|assault|"
    r"(?:fist\s*)?fight|punch|slap|blow|trauma|injury|being\s+(?:punched|hit|struck))\b", re.IGNORECASE)


def said_after_trauma(mention: str) -> bool:
    """Whether ``mention`` says it came of an injury ("after a fall", "following an MVC", "s/p assault").

    >>> said_after_trauma("subdural hematoma after a fall"), said_after_trauma("fever after a tick bite")
    (True, False)
    """
    return _AFTER_TRAUMA.search(mention) is not None


#: An injury's own words ("fx", "lac", "contusion", "FB" …): a clause after them that tells how it happened is
#: its external cause, a chapter 20 code of its own, never a word of the injury's title.
_INJURY_WORD = re.compile(r"\b(?:fx|fxs|fractures?|fractured|lacs?|lacerations?|contusions?|bruises?|sprains?|"
                          r"sprained|strains?|strained|dislocated|traumatic|"
                          r"dislocations?|fb|foreign\s+body|hematoma|abrasions?|burns?|bites?|perforation|concussion|"
                          r"sdh|edh|tears?|torn|ruptured?|injury|injuries|wounds?|suicide\s+attempts?|broken|"
                          r"heat\s?stroke|heat\s+exhaustion|heat\s+cramps|heat\s+syncope|frostbite)\b",
                          re.IGNORECASE)
_MECHANISM = re.compile(r"\s*(?:,|\s[-–—]+)?\s+(?:after|following|from|while|during|when|playing|lifting|using|"
                        r"grinding|falling|fell|hit|struck|s/p|by|stepping|walking|running|climbing|jumping|"
                        r"landing|reaching|carrying|moving|pushing|pulling|tripping|slipping|cooking|chopping|"
                        r"skiing|skating|biking|cycling|dancing|hiking)\b.*$|"
                        # a clause of its own telling how: "broke my nose - took an elbow playing basketball"
                        r"\s*(?:,|\s[-–—]+)\s+(?:took|got|tripped|slipped|collided|ran\s+into|caught|stepped\s+on|"
                        r"fell\s+(?:off|from|down|on))\b.*$|"
                        # a bare activity ("…, skiing"), never how the injury stands ("…, healing", "…, bleeding")
                        r"\s*,\s*(?!(?:healing|bleeding|worsening|improving|resolving|draining|weeping|"
                        r"oozing|swelling)\b)[a-z]+ing\s*$", re.IGNORECASE)


#: How an injury happened, told before it as a clause of its own ("FOOSH, closed L Colles fx", "MVC: …").
_MECHANISM_FIRST = re.compile(r"^\s*(?:foosh|fall on (?:an )?outstretched hand|(?:mechanical |ground[- ]level )?fall|"
                              r"mvc|mva|motor vehicle (?:collision|crash|accident)|(?:twisting|inversion) injury|"
                              r"(?:stepped on|fell (?:off|from|down|on)|tripped (?:on|over)|slipped on) [^,;:]{1,40}?)"
                              r"\s*(?:[,:;]|\s[-–—]+)\s+", re.IGNORECASE)


def without_mechanism(mention: str) -> str | None:
    """An injury without the clause that tells how it happened ("acute lumbar strain lifting boxes", "R femoral
    neck fx after ground-level fall", "metallic FB R cornea while grinding"): the mechanism is an external
    cause code of its own (chapter 20). ``None`` where the mention names no injury before such a clause.

    >>> without_mechanism("acute lumbar strain lifting boxes"), without_mechanism("fever after a tick bite")
    ('acute lumbar strain', None)
    >>> without_mechanism("subungual hematoma R thumb after hammer strike")
    'subungual hematoma R thumb'
    >>> without_mechanism("prior suicide attempt by overdose")
    'prior suicide attempt'
    >>> without_mechanism("ACL tear, left knee, skiing"), without_mechanism("exertional heat stroke during a marathon")
    ('ACL tear, left knee', 'exertional heat stroke')
    >>> without_mechanism("broken nose - took an elbow playing basketball")
    'broken nose'
    >>> without_mechanism("lac R forearm, bleeding"), without_mechanism("R wrist fx, healing")
    (None, None)
    >>> without_mechanism("FOOSH, closed L Colles fx"), without_mechanism("MVC: R clavicle fx")
    ('closed L Colles fx', 'R clavicle fx')
    >>> without_mechanism("stepped on a nail thru his shoe, puncture wound R foot")
    'puncture wound R foot'

    """
    first = _MECHANISM_FIRST.match(mention)
    if first is not None and _INJURY_WORD.search(mention, first.end()):  # told first: "FOOSH, … fx"
        return without_mechanism(mention[first.end():]) or mention[first.end():].strip() or None
    injury = _INJURY_WORD.search(mention)
    if injury is None:
        return None
    said = _MECHANISM.search(mention, injury.end())
    if said is None or said.start() == 0:
        return None
    return mention[:said.start()].strip(" ,;") or None
_PARENTHESES = re.compile(r"\s*\([^()]*\)")
#: A dash set apart by spaces, which ends a clause of a note's list as a comma does ("MDD, recurrent, moderate --
#: PHQ-9 14"); never the hyphen inside a word or a range ("T2DM", "2-3").
_SPACED_DASH = re.compile(r"\s+[-–—]{1,2}\s+")
#: A clause that gives a value or a score ("CHA2DS2-VASc 3", "AVA 0.7 cm2", "EF 25%"): what was measured.
_MEASURED = re.compile(r"\d(?!\d|st\b|nd\b|rd\b|th\b)")
#: A clause that tells how things stand now, which a history or a condition's code does not say: "hx of MI,
#: no current symptoms", "h/o breast cancer, s/p lumpectomy, finished chemo", "asthma, well controlled".
_COURSE_SO_FAR = re.compile(
    r"^(?:no current symptoms|currently asymptomatic|asymptomatic(?: now)?|no recurrence|stable(?: on [^,]+)?|"
    r"doing (?:well|fine|ok|okay|great)|recovering well|"
    r"newly diagnosed|"
    r"new(?:ly)? dx|managed (?:non-?operatively|conservatively|medically|expectantly|nonsurgically)|"
    r"well[- ]controlled(?: on [^,]+)?|"
    # a course finished ("completed 6 mo of anticoagulation": its length an aside already)
    r"(?:finished|completed)(?: of)? (?:a course of )?(?:chemo|chemotherapy|radiation|radiotherapy|treatment|"
    r"anticoagulation|antibiotics|abx|therapy)|"
    r"excised|resected|removed|treated|cured|resolved|in remission|ned|no evidence of (?:disease|recurrence)|"
    # the excision that treated it, and when: "h/o melanoma of back, WLE 2020"
    r"(?:wle|wide local excision|excision|lumpectomy|resection)(?: (?:in )?(?:19|20)\d\d)?|"
    r"not (?:yet )?on (?:hd|dialysis|hemodialysis|insulin)|rate[- ]controlled|"
    # a suicidal ideation's plan and intent, which R45.851 does not code
    r"no (?:active )?(?:plan|intent)(?:\s*(?:,|or|and|/)\s*(?:plan|intent))*|"
    r"(?:s/p|status post) [^,]+|"
    # who looks after it, and what the care left: "on chronic warfarin, managed by anticoag clinic", "hx of MRSA
    # skin abscess, decolonized"
    r"(?:managed|followed|monitored|seen) by (?:the )?(?:\w+ ){0,2}(?:clinic|team|service|pcp|nurse|pharmacist|"
    r"\w+ology|\w+iatry|\w+iatrics|\w+ics|gi|ent|ob(?:/gyn)?)|"
    # how it answers the care given: "PMR, responding to prednisone", "HFrEF, diuresing on IV furosemide"
    r"responding (?:well )?to [^,]+|improving(?: on [^,]+)?|improved|diuresing(?: (?:well|on [^,]+))?|"
    r"decolonized|eradicated|cleared|"
    # a value where it is meant to be, and the plan: "GDM, diet-controlled, fasting BG at goal", "acute hypoxemic
    # respiratory failure, …, wean FiO2 as tolerated"
    r"(?:[\w/-]+ ){0,3}at goal|(?:wean|titrate|continue|monitor|trend|recheck|repeat|follow) [^,]+|"
    # how it is watched and how the device works: "h/o melanoma, annual skin checks", "PPM, functioning normally"
    r"(?:annual|yearly|routine|regular) (?:skin (?:checks?|exams?)|surveillance|screening|follow[- ]?ups?)|"
    r"surveillance [^,]+|functioning (?:normally|well|appropriately)|"
    # what helps the patient get about: "hx of falls, uses walker"
    r"(?:uses|using|needs|with) (?:a |an )?(?:walker|cane|rollator|crutches)|"
    # a tube or line put in for it: "SBO, NGT placed", "retention, Foley inserted"
    r"(?:ngt|ng tube|og tube|foley(?: catheter)?|picc(?: line)?|central line|chest tube|drain|iv|stent|"
    r"(?:nasogastric|urinary|suprapubic) (?:tube|catheter)) (?:placed|inserted|in place)|"
    # the test that confirmed it: "strep pharyngitis, rapid strep +", "influenza A, PCR positive"
    r"(?:rapid strep|rst|rapid (?:flu|antigen)(?: test)?|pcr|naat|culture|cx|swab|monospot|test)(?: test)? "
    r"(?:\+|positive|pos|confirmed)|"
    # who was told of it: "head lice noted, parent called", "HR 38, MD aware", "chlamydia, partner notified"
    r"(?:parents?|family|pcp|md|provider|partner|doctor|physician|school|daughter|son|wife|husband|team) "
    r"(?:called|notified|aware|informed|updated)|"
    # a treatment begun for it, and where: "C. difficile enterocolitis, started PO vancomycin", "…, admitted for
    # pain control"
    r"(?:started|starting|initiated|begun) (?:on )?[^,]+|(?:admitted|transferred) (?:for|to) [^,]+|"
    # the care an injury was given: "closed L Colles fx, splinted", "skin tear L forearm, steri-strips applied"
    r"splinted|casted|immobilized|sutured|stapled|dressed|bandaged|(?:closed )?reduced(?: and (?:splinted|casted))?|"
    r"(?:repaired|closed) with (?:staples|sutures|tissue (?:glue|adhesive)|glue|dermabond|steri-?strips)|"
    # a sting's or a bite's reaction where it stayed: "stung by a honeybee, local swelling only"
    r"local (?:swelling|reaction|redness|pain)(?: only)?|"
    r"(?:closed reduction|steri-?strips?|(?:sugar[- ]tong |volar )?splint|cast|sling|dressing|sutures)"
    r"(?: (?:applied|placed|done))?|"
    # how it is now, denied: "no active infection", "s/p L THA for OA, no hip pain"
    r"no (?:active|current|ongoing|further|new) (?:infection|disease|symptoms|complaints|issues|concerns)|"
    r"no (?:\w+ )?(?:pain|symptoms|complaints|issues))$",
    re.IGNORECASE)
#: A clause that says what the code's title says where the text is silent: "lac R forearm, no FB retained" is
#: the laceration without foreign body (S51.811A), "AOM, TM intact" the otitis media without rupture of the ear
#: drum, "GERD with esophagitis, no bleed" the reflux "without bleeding": the default, read without the clause.
_SAYS_THE_DEFAULT = re.compile(
    r"^(?:no (?:retained )?(?:fb|foreign bod(?:y|ies))(?: (?:retained|seen|present|noted|visualized))?|"
    r"(?:tm|tympanic membrane|ear ?drum) intact|no (?:tm |tympanic membrane )?(?:perforation|rupture)|"
    r"no (?:active )?(?:bleed|bleeding|hemorrhage)|not (?:yet )?in remission|"
    # a hernia or an episode not said to come back: "not specified as recurrent"
    r"first (?:occurrence|episode|presentation|time)|initial occurrence|not recurrent|non-?recurrent|"
    # no complication said: the code "without" them ("sigmoid diverticulitis, uncomplicated": K57.32)
    r"uncomplicated|no complications|without complications|"
    # a routine examination's own "without abnormal findings" (Z00.-9): "well child check, normal exam"
    r"normal (?:exam|examination|growth and development|growth|development)|no abnormal findings)$", re.IGNORECASE)
#: A clause that states a side ("R 1st MTP", "left eye"): an axis of the code, never an aside. A unit's
#: litre ("LDL 6.8 mmol/L", "HFNC 40 L") is no left.
_SIDED = re.compile(r"(?<!/)(?<!\d\s)(?<!\d)\b(?:r|l|rt|lt|right|left|bilateral|both)\b", re.IGNORECASE)
#: The encounter a note states in a clause of its own ("…, initial visit"), which the 7th character says.
#: A test a note says was negative or normal, beside the condition ("Ottawa neg", "UPT negative"): no word of it.
_A_TEST_NEGATIVE = re.compile(r"^(?:[\w/+-]+\s+){1,3}(?:neg|negative|normal|nl|wnl|unremarkable)$", re.IGNORECASE)
_ENCOUNTER_CLAUSE = re.compile(r"^(?:(?:initial|subsequent)\s+(?:encounter|visit)|sequelae?)$", re.IGNORECASE)
#: A patient's clause beside what they name, telling what they see or how it goes ("I think I have piles,
#: there's blood on the toilet paper"): the evidence for it, no word of its code.
_TOLD_BESIDE = re.compile(r"^(?:there(?:['’]s|\s+is|\s+was|\s+are|\s+were)|it(?:['’]s|\s+is|\s+was|\s+has|\s+gets|"
                          r"\s+keeps))\b", re.IGNORECASE)
_UNSPECIFIED_CLAUSE = re.compile(
    r"^(?:(?:organism|site|cause|type|subtype|stage|grade|severity|depth|laterality|side|source|etiology|"
    r"aetiology)\s+"
    r"(?:not\s+(?:yet\s+)?(?:identified|specified|known|stated|documented|determined)|unknown|unclear|"
    r"undetermined|unspecified|tbd|to be determined)|unspecified|nos|not otherwise specified|"
    r"no\s+(?:organism|cause|source|pathogen)\s+(?:identified|isolated|found|grown|determined))$", re.IGNORECASE)


_VALUE_FIRST = re.compile(r"^(?P<value>[^,;]*?\d[^,;]*?)(?:\s*[,;]\s*|\s+[-–—]+\s+)(?=\S)")
_PROCEDURE_SINCE = re.compile(r"(?<=\S)\s+(?:s/p|status\s+post)\s+\S[^,;]*$", re.IGNORECASE)
#: A treatment a course followed, after the condition's state: "CLL, in remission after FCR" (a regimen's
#: letters, chemotherapy, radiation), which no code of the condition names.
_AFTER_TREATMENT = re.compile(r"(?<=\S)\s+(?:after|following|post|s/p)\s+(?:(?:induction|consolidation|adjuvant|"
                             r"salvage)\s+)?(?:chemo(?:therapy)?|chemoradiation|radiation|radiotherapy|immunotherapy|"
                             r"[A-Z]-[A-Z0-9]{2,6}|[A-Z][A-Z0-9]{1,6}(?:-[A-Z0-9]{1,6})?)(?:\s+x\s?\d+)?(?=\s*(?:[,;]|$))")
_DENIED_CLAUSE = re.compile(r"^(?P<rest>\S.*?),\s*(?:no|without)\s+(?P<what>[a-z][a-z -]{2,40}?)\s*$", re.IGNORECASE)


def denied_clause(mention: str) -> tuple[str, str] | None:
    """A mention ending in a clause that denies something ("pertussis, no pneumonia"), as the rest and what is
    denied, once a note's asides are off ("…, no necrosis or infection on CT"); ``None`` otherwise. The caller
    takes the rest only where the code it finds says "without" what is denied: its default then says it.

    >>> denied_clause("pertussis, no pneumonia"), denied_clause("acute pancreatitis, no necrosis or infection on CT")
    (('pertussis', 'pneumonia'), ('acute pancreatitis', 'necrosis or infection'))
    >>> denied_clause("pertussis") is None
    True
    """
    bare = _NOTE_ASIDES.sub("", mention).strip(" ,;")
    said = _DENIED_CLAUSE.match(bare)
    return (said["rest"].strip(), said["what"].strip()) if said else None


def encounter_said_first(mention: str) -> str | None:
    """A note's clause saying the encounter, said before the condition instead of among its details, so the
    details after the condition can be set apart while the encounter stays an axis of the code; ``None``
    where no clause after the first says only the encounter, or nothing else stands beside it.

    >>> encounter_said_first("R ankle sprain, inversion, initial visit")
    'initial visit R ankle sprain, inversion'
    >>> encounter_said_first("R ankle sprain, initial visit"), encounter_said_first("R ankle sprain, inversion")
    (None, None)
    """
    clauses = [c.strip() for c in mention.split(",")]
    said_at = next((n for n in range(len(clauses) - 1, 0, -1) if _ENCOUNTER_CLAUSE.match(clauses[n])), None)
    if said_at is None or len(clauses) < 3:
        return None
    encounter = clauses.pop(said_at)
    return f"{encounter} {', '.join(clauses)}"


def last_clause_apart(mention: str) -> tuple[str, str] | None:
    """A mention as what comes before its last clause and that clause, split at its last comma or semicolon
    outside parentheses ("chronic hepatitis C, genotype 1a, treatment-naive": "chronic hepatitis C, genotype
    1a" and "treatment-naive"); ``None`` where it has one clause. What the clause is worth is the caller's to
    judge: it knows what the rest names.

    >>> last_clause_apart("Hashimoto thyroiditis, TPO Ab positive")
    ('Hashimoto thyroiditis', 'TPO Ab positive')
    >>> last_clause_apart("fragile X (>200 CGG repeats, full mutation)"), last_clause_apart("Turner syndrome")
    (None, None)
    """
    depth, cut = 0, -1
    for i, char in enumerate(mention):
        depth += (char == "(") - (char == ")")
        if char in ",;" and depth == 0:
            cut = i
    head, last = mention[:cut].strip(" ,;"), mention[cut + 1:].strip(" ,;")
    return (head, last) if cut > 0 and head and last else None


def first_clause(mention: str) -> str | None:
    """What a mention says before its first comma or semicolon outside parentheses; ``None`` where it has one
    clause.

    >>> first_clause("TIA, no residual deficits, on clopidogrel"), first_clause("gout (left, first MTP)")
    ('TIA', None)
    """
    depth = 0
    for i, char in enumerate(mention):
        depth += (char == "(") - (char == ")")
        if char in ",;" and depth == 0:
            head = mention[:i].strip()
            return head if head and mention[i + 1:].strip(" ,;") else None
    return None


#: A main term before its modifier, as the Index and problem lists write them: "Bleeding, postmenopausal",
#: "Fracture, hip"; what follows a second comma, a semicolon or a dash is kept after it.
_MAIN_TERM_FIRST = re.compile(r"^(?P<term>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?),\s+"
                              r"(?P<modifier>acute\s+on\s+chronic|[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)"
                              r"(?P<rest>\s*(?:[,;]|\s[-–—]+\s).*)?$")


def modifier_first(mention: str) -> tuple[str, str] | None:
    """A mention written main term first ("Bleeding, postmenopausal — stripe 8 mm") as it is said, the
    modifier before the term ("postmenopausal Bleeding — stripe 8 mm"), with the modifier; ``None`` where it is
    not so written. Whether the modifier is a kind of the term or a note's aside is the caller's to judge.

    >>> modifier_first("Bleeding, postmenopausal — endometrial stripe 8 mm")
    ('postmenopausal Bleeding — endometrial stripe 8 mm', 'postmenopausal')
    >>> modifier_first("Asthma, mild intermittent"), modifier_first("HFrEF, EF 25%"), modifier_first("gout")
    (('mild intermittent Asthma', 'mild intermittent'), None, None)
    >>> modifier_first("HFrEF, acute on chronic")
    ('acute on chronic HFrEF', 'acute on chronic')
    """
    said = _MAIN_TERM_FIRST.match(mention.strip())
    if said is None:
        return None
    return f"{said['modifier']} {said['term']}{said['rest'] or ''}", said["modifier"]


#: A stage said after the condition a "with" joins to another: "T2DM w/ CKD 3a", "DM2 with CKD stage IV".
_FEATURES_STAGE = re.compile(r"^(?P<said>.*\S\s(?:with|w/)\s+.*?[^\W\d_]\S*)\s*,?\s+"
                             r"(?P<stage>(?:stage|grade|class)\s+(?:[ivx]+|\d[a-c]?)|g?\d[a-c]?)\s*$",
                             re.IGNORECASE)


def features_stage_apart(mention: str) -> tuple[str, str] | None:
    """A mention whose "with" feature ends in its stage, without the stage, and the stage: "T2DM w/ CKD 3a" is
    the diabetes with CKD, its stage what the feature's own code says (ICD-10-CM's combination code for the
    diabetes names the kidney disease, N18.31 its stage). ``None`` where no stage ends a "with" feature.

    >>> features_stage_apart("T2DM w/ CKD 3a"), features_stage_apart("diabetes with CKD stage IV")
    (('T2DM w/ CKD', '3a'), ('diabetes with CKD', 'stage IV'))
    >>> features_stage_apart("CKD stage 3"), features_stage_apart("HTN with CKD")
    (None, None)
    """
    said = _FEATURES_STAGE.match(mention.strip())
    return (said["said"], said["stage"]) if said else None


_WITH_SAID = re.compile(r"\s(?:with|w/|complicated\s+by)\s", re.IGNORECASE)


def with_clause_apart(mention: str) -> tuple[str, str] | None:
    """A mention as the condition before its last "with" (or "w/") outside parentheses and what follows it
    ("NF1 with multiple café-au-lait macules"); ``None`` where it says no "with", or nothing before or after
    it. Whether what follows is a feature of the condition or an axis of its code (guideline I.A.15: the
    classification's "with" presumes a link, "diabetes with nephropathy" is E11.21) is the caller's to judge.

    >>> with_clause_apart("polycystic ovary syndrome with oligomenorrhea")
    ('polycystic ovary syndrome', 'oligomenorrhea')
    >>> with_clause_apart("AFib w/ RVR"), with_clause_apart("pneumonia without effusion")
    (('AFib', 'RVR'), None)
    >>> with_clause_apart("alcoholic cirrhosis complicated by ascites")
    ('alcoholic cirrhosis', 'ascites')
    >>> with_clause_apart("angina (with exertion)"), with_clause_apart("with a cough")
    (None, None)
    """
    depth, cut = 0, None
    for i, char in enumerate(mention):
        depth += (char == "(") - (char == ")")
        said = _WITH_SAID.match(mention, i) if depth == 0 and char.isspace() else None
        if said is not None:
            cut = said
    if cut is None:
        return None
    head, rest = mention[:cut.start()].strip(" ,;"), mention[cut.end():].strip(" ,;")
    return (head, rest) if head and rest else None


_DASH = re.compile(r"\s+(?:[-\u2013\u2014]{1,2})\s+")


def dash_parts(mention: str, semicolons: bool = True) -> list[str]:
    """A note's parts set apart by a spaced dash or a semicolon outside parentheses ("NSTEMI – trop I peaked
    2.8, heparin started": "NSTEMI" and the rest); empty where it has neither. Notes put the condition on either side
    ("found confused in a hot flat – heat stroke"), so which part names it is the caller's to find.

    >>> dash_parts("NSTEMI – trop I peaked 2.8 ng/mL, heparin gtt started")
    ['NSTEMI', 'trop I peaked 2.8 ng/mL, heparin gtt started']
    >>> dash_parts("Dx: UC - started vedolizumab (01/2025 - now)"), dash_parts("ER/PR+ HER2-"), dash_parts("T-cell")
    (['Dx: UC', 'started vedolizumab (01/2025 - now)'], [], [])
    >>> dash_parts("continuous home oxygen at 2 L/min; patient is O2-dependent")
    ['continuous home oxygen at 2 L/min', 'patient is O2-dependent']
    """
    parts, depth, start = [], 0, 0
    for i, char in enumerate(mention):
        depth += (char == "(") - (char == ")")
        if semicolons and depth == 0 and char == ";" and i >= start:  # a sentence of a note set apart too
            parts.append(mention[start:i])
            start = i + 1
            continue
        dash = _DASH.match(mention, i) if depth == 0 and char.isspace() and i >= start else None
        if dash is not None:
            parts.append(mention[start:i])
            start = dash.end()
    parts = [part.strip(" ,;") for part in (*parts, mention[start:])]
    return [part for part in parts if part] if len(parts) > 1 else []


def _says_what_it_means(names: tuple[str, ...], rest: str) -> bool:
    """Whether ``rest`` says what a value before it means, a word of the value's reading in its stem ("K 6.1 -
    hyperkalemia"), not other findings beside it ("FSBG 38, diaphoretic and confused")."""
    said = {w[:6] for w in re.findall(r"[a-z]+", rest.lower()) if len(w) > 3}
    return any(w[:6] in said for name in names for w in name.lower().split() if len(w) > 3)


def without_note_asides(mention: str) -> list[str]:
    """Shorter forms of a note's mention, the longest first: without what is in parentheses, years, counts
    and where it was seen, then without its last clauses one by one while each gives a value or a score ("pAF,
    CHA2DS2-VASc 3" is "pAF"), says the condition is unspecified ("pneumonia, organism not identified") or tells
    how things stand now ("hx of MI, no current symptoms"). A clause that states a side, or anything else (a
    site, a kind), ends it: it may be an axis of the code. Empty where nothing is aside.

    >>> without_note_asides("HFrEF (EF 25%)"), without_note_asides("s/p CABG x3 (2019)")
    (['HFrEF'], ['s/p CABG'])
    >>> without_note_asides("h/o melanoma of back, WLE 2020")  # the year first, then the excision that treated it
    ['h/o melanoma of back, WLE', 'h/o melanoma of back']
    >>> without_note_asides("hx of MI in 2021, no current symptoms"), without_note_asides("wet AMD, left eye")
    (['hx of MI, no current symptoms', 'hx of MI'], [])
    >>> without_note_asides("pneumonia, organism not identified"), without_note_asides("chest pain")
    (['pneumonia'], [])
    >>> without_note_asides("CAP, RLL, no organism identified")
    ['CAP, RLL']
    >>> without_note_asides("head lice noted, parent called"), without_note_asides("well child check, normal exam")
    (['head lice noted'], ['well child check'])
    >>> without_note_asides("SBO, NGT placed"), without_note_asides("strep pharyngitis, rapid strep +")
    (['SBO'], ['strep pharyngitis'])
    >>> without_note_asides("sinus tach on monitor"), without_note_asides("crackles on auscultation")
    (['sinus tach'], ['crackles'])
    >>> without_frame("Thank you for referring this 54-year-old gentleman with atrial fibrillation.")  # a letter
    'atrial fibrillation.'
    >>> without_note_asides("puncture wound L foot, stepped on nail"), without_note_asides("hx of falls, uses walker")
    (['puncture wound L foot'], ['hx of falls'])
    >>> without_frame("kidney transplant on tacrolimus")  # a medicine by its class's ending
    'kidney transplant'
    >>> without_frame("head lice noted")
    'head lice'
    >>> without_note_asides("dementia with agitation, severity not documented")
    ['dementia with agitation']
    >>> without_note_asides("L hip contusion s/p mechanical fall"), without_note_asides("lac from fall against cabinet")
    (['L hip contusion'], ['lac'])
    >>> without_note_asides("proteinuria on UA"), without_note_asides("Klebsiella pneumonia on sputum cx")
    (['proteinuria'], ['Klebsiella pneumonia'])
    >>> without_note_asides("single R rib fx on CXR"), without_note_asides("testicular contusion from straddle injury")
    (['single R rib fx'], ['testicular contusion'])
    >>> without_note_asides("heterozygous familial hypercholesterolaemia, LDL 6.8 mmol/L")
    ['heterozygous familial hypercholesterolaemia']
    >>> without_note_asides("gout flare, R 1st MTP"), without_note_asides("cataract, left eye, 2 mm")
    ([], ['cataract, left eye'])
    >>> without_note_asides("N/V x2 days"), without_note_asides("UGIB, source TBD"), without_note_asides("CP x2h")
    (['N/V'], ['UGIB'], ['CP'])
    >>> without_note_asides("syncope in ED"), without_note_asides("BP 190/110 at triage")
    (['syncope'], ['BP 190/110'])
    >>> without_note_asides("L femoral neck fx after a ground-level fall at the nursing home")
    ['L femoral neck fx']
    >>> without_note_asides("DNR confirmed with health-care proxy"), without_note_asides("4-5 Hz resting tremor")
    (['DNR'], ['resting tremor'])
    >>> without_note_asides("Chronic cough x 4 months in a lifelong nonsmoker")
    ['Chronic cough']
    >>> without_note_asides("L facial droop noted by daughter at 0700")
    ['L facial droop at 0700']
    >>> without_note_asides("morning joint stiffness ~1 hr"), without_note_asides("PPH 1200 mL")
    (['morning joint stiffness'], ['PPH'])
    >>> without_note_asides("minor liver laceration, managed non-operatively")
    ['minor liver laceration']
    >>> without_note_asides("alcohol dependence, in early remission")
    ['alcohol dependence, in remission', 'alcohol dependence']
    >>> without_note_asides("persistent AF, rate controlled"), without_note_asides("CLL, not yet in remission")
    (['persistent AF'], ['CLL'])
    >>> without_note_asides("herpes zoster of the left T10 dermatome")
    ['herpes zoster']
    >>> without_note_asides("afib with RVR"), without_note_asides("atrial flutter with rapid ventricular response")
    (['afib'], ['atrial flutter'])
    >>> without_note_asides("traumatic SDH after fall down stairs, no LOC")
    ['traumatic SDH, no LOC']
    >>> without_note_asides("B-cell CLL, in remission after FCR"), without_note_asides("DLBCL after R-CHOP x6")
    (['B-cell CLL, in remission', 'B-cell CLL'], ['DLBCL'])
    >>> without_note_asides("R scaphoid fx after FOOSH")
    ['R scaphoid fx']
    >>> without_note_asides("L scaphoid fx after a fall on an outstretched hand")
    ['L scaphoid fx']
    >>> without_note_asides("broken nose after a fist fight")
    ['broken nose']
    >>> without_note_asides("hepatomegaly, 4 cm below the costal margin")
    ['hepatomegaly']
    >>> without_note_asides("complete placenta previa at 24 wk, no bleeding")
    ['complete placenta previa at 24 wk']
    >>> without_note_asides("unintentional 15-lb weight loss"), without_note_asides("3 kg weight gain")
    (['unintentional weight loss'], ['weight gain'])
    >>> without_note_asides("polyuria, about 5 L/day"), without_note_asides("polydipsia, drinking ~6 L a day")
    (['polyuria'], ['polydipsia'])
    >>> without_note_asides("R inguinal hernia, reducible, first occurrence")
    ['R inguinal hernia, reducible']
    >>> without_note_asides("sigmoid diverticulitis, uncomplicated")
    ['sigmoid diverticulitis']
    >>> without_note_asides("Erb palsy after shoulder dystocia")
    ['Erb palsy']
    >>> without_note_asides("passive SI, no plan or intent"), without_note_asides("open fx tibia, Gustilo type II")
    (['passive SI'], ['open fx tibia'])
    >>> without_note_asides("R hemiparesis from old stroke, R-handed"), without_note_asides("L hemiparesis, L-handed")
    (['R hemiparesis from old stroke'], [])
    >>> without_note_asides("CAD s/p PCI"), without_note_asides("s/p CABG")
    (['CAD'], [])
    >>> without_note_asides("60-year-old with HIT")
    []
    >>> without_note_asides("K 6.1 this am - hyperkalemia"), without_note_asides("Na 128, hyponatremia")
    (['hyperkalemia'], ['hyponatremia'])
    >>> without_note_asides("FSBG 38, diaphoretic and confused")  # findings beside the value, not its meaning
    []
    >>> without_note_asides("MDD, recurrent, moderate -- PHQ-9 14")  # a spaced dash ends a clause
    ['MDD, recurrent, moderate']
    >>> without_note_asides("on warfarin, managed by anticoag clinic"), without_note_asides("s/p THA, no hip pain")
    (['on warfarin'], ['s/p THA'])
    >>> without_note_asides("#2 HFrEF, acute on chronic - EF 25%, diuresing on IV furosemide")[-1]
    '#2 HFrEF, acute on chronic'
    >>> without_note_asides("PMR, responding to prednisone"), without_note_asides("ASD, followed by cardiology")
    (['PMR'], ['ASD'])
    >>> without_note_asides("hx of MRSA, decolonized, no active infection")[-1]
    'hx of MRSA'
    >>> without_note_asides("hx of PE, completed 6 mo of anticoagulation")[-1]
    'hx of PE'
    >>> without_note_asides("s/p THA, residual hip pain")  # a symptom still there is no aside
    []
    >>> without_note_asides("closed L Colles fx, splinted"), without_note_asides("L forearm lac, steri-strips applied")
    (['closed L Colles fx'], ['L forearm lac'])
    >>> without_note_asides("h/o melanoma, annual skin checks"), without_note_asides("PPM, functioning normally")
    (['h/o melanoma'], ['PPM'])
    >>> without_note_asides("C. difficile enterocolitis, started PO vancomycin")
    ['C. difficile enterocolitis']
    >>> without_note_asides("sickle cell disease with vasoocclusive crisis, admitted for pain control")
    ['sickle cell disease with vasoocclusive crisis']
    >>> without_note_asides("T2DM with nephropathy, stable on an ACE inhibitor")
    ['T2DM with nephropathy']
    >>> without_note_asides("s/p R TKA 2021, doing well")[-1]
    's/p R TKA'
    >>> without_frame("Gr II/VI systolic murmur at LUSB")  # a murmur's grade
    'systolic murmur at LUSB'
    >>> without_note_asides("Endometriosis of L ovary, depth not documented"), without_frame("missed AB by US")
    (['Endometriosis of L ovary'], 'missed AB')
    >>> without_note_asides("GDM, diet-controlled, fasting BG at goal"), without_note_asides("DNR/DNI per MOLST")
    (['GDM, diet-controlled'], ['DNR/DNI'])
    >>> without_note_asides("acute hypoxemic respiratory failure, on HFNC 40 L/60%, wean FiO2 as tolerated")[-1]
    'acute hypoxemic respiratory failure'
    >>> without_note_asides("piles, there's blood on the toilet paper")
    ['piles']
    >>> without_note_asides("rash, it's on my left arm")
    []
    >>> without_note_asides("Dog bite to R hand, 2 puncture wounds, initial visit")  # the encounter stays
    ['Dog bite to R hand, initial visit']
    >>> without_note_asides("3 cm scalp laceration, repaired with staples, initial visit")[-1]
    'scalp laceration, initial visit'
    >>> without_note_asides("R ankle sprain, inversion, initial visit, Ottawa neg")
    ['R ankle sprain, inversion, initial visit']
    """
    bare = _NOTE_ASIDES.sub("", _PARENTHESES.sub("", mention)).strip(" ,;")
    bare = without_mechanism(bare) or bare
    # a value before what it means, a dash or a comma between: "K 6.1 - hyperkalemia" is the hyperkalemia
    value_first = _VALUE_FIRST.match(bare)
    reading = read_measurement(value_first["value"]) if value_first is not None else None
    if value_first is not None and reading is not None and _says_what_it_means(reading.names, bare[value_first.end():]):
        bare = bare[value_first.end():].strip(" ,;") or bare
    # what was done for it, after the condition: "CAD s/p PCI" is the CAD (the status a code of its own)
    bare = _PROCEDURE_SINCE.sub("", bare).strip(" ,;") or bare
    bare = _AFTER_TREATMENT.sub("", bare).strip(" ,;") or bare
    forms = [bare] if bare and bare != mention.strip() else []
    clauses = [c.strip() for c in bare.split(",")]
    if len(clauses) > 1:  # "…, moderate -- PHQ-9 14"; a dash in a single clause is left to dash_parts()
        clauses = [part.strip() for clause in clauses for part in _SPACED_DASH.split(clause)]
    # the encounter said last is an axis of the code, kept while the asides before it go ("…, initial visit")
    said_at = next((n for n in range(len(clauses) - 1, 0, -1) if _ENCOUNTER_CLAUSE.match(clauses[n])), None) \
        if len(clauses) > 2 else None  # "…, initial visit, Ottawa neg": wherever it stands after the condition
    encounter = f", {clauses.pop(said_at)}" if said_at is not None else ""
    while len(clauses) > 1:
        last = clauses.pop()
        if not last:
            continue
        if _SIDED.search(last) or not (_MEASURED.search(last) or _UNSPECIFIED_CLAUSE.match(last)
                                       or _COURSE_SO_FAR.match(last) or _SAYS_THE_DEFAULT.match(last)
                                       or _TOLD_BESIDE.match(last) or _A_TEST_NEGATIVE.match(last)):
            break  # "wet AMD, left eye", "gout flare, R 1st MTP": a side, a site or a kind is no aside
        shorter = ", ".join(clauses) + encounter
        if shorter not in forms:
            forms.append(shorter)
    return forms


#: A dose and how often it is taken, where it ends its clause: never a value per volume or per day ("LDL 245
#: mg/dL", "protein 3.5 g/day") nor an amount of what was taken ("40 units of insulin").
_DOSE = re.compile(r"\s*\b\d+(?:\.\d+)?\s*(?:mg|mcg|g|units?|iu)\b(?!\s*/)(?!\s+of\b)(?:\s+(?:po|iv|im|sc|sq|sl|"
                   r"daily|weekly|bid|tid|qid|qd|qhs|qam|qpm|qod|q\d+h|prn|nightly|once\s+(?:a\s+)?(?:day|daily|week|"
                   r"weekly)|twice\s+(?:a\s+)?(?:day|daily|week|weekly)))*(?=\s*(?:$|[,;)]))", re.IGNORECASE)


def without_dose(medicine: str) -> str:
    """A medicine a patient is on, without its dose: "MTX 20 mg weekly" is on MTX, which is all a long-term use
    code says. Only a medicine's: elsewhere a number with a unit may be the finding ("proteinuria 3.5 g").

    >>> without_dose("MTX 20 mg weekly"), without_dose("warfarin 5 mg po daily, INR goal 2-3")
    ('MTX', 'warfarin, INR goal 2-3')
    >>> without_dose("LDL 245 mg/dL"), without_dose("40 units of insulin")
    ('LDL 245 mg/dL', '40 units of insulin')
    """
    return _DOSE.sub("", medicine).strip() or medicine


#: SNOMED CT's semantic tags, as FHIR displays and synthetic records (Synthea) carry them after a concept's name:
#: "Acute bronchitis (disorder)", "Chronic pain (finding)". The tag says which hierarchy, no word of a code.
_SEMANTIC_TAG = re.compile(r"\s*\((?:disorder|finding|situation|clinical finding|morphologic abnormality|"
                           r"observable entity|event|person|procedure|regime/therapy|body structure|"
                           r"physical object|qualifier value|substance|product|organism|navigational concept)\)\s*$",
                           re.IGNORECASE)


#: A FHIR resource's text as JSON ("code": {"text": "…"}) or quoted after the element it was written in
#: ('Condition.code.text: "GERD w/ erosive esophagitis"; coding.code: K21.9').
_FHIR_JSON_TEXT = re.compile(r'"text"\s*:\s*"(?P<text>[^"]+)"')
_QUOTED_AFTER_ELEMENT = re.compile(r'^[^"]{0,80}:\s*"(?P<text>[^"]+)"')


def fhir_text(mention: str) -> str | None:
    """The text a FHIR resource or element carries inside a mention, where the mention quotes it: the words a
    person wrote, without the JSON around them or the coding beside them (a code given there is a proposal,
    judged as one). ``None`` where no text is quoted so.

    >>> fhir_text('FHIR Condition: {"code": {"text": "Hypertensive nephrosclerosis", "coding": [{"code": "I10"}]}}')
    'Hypertensive nephrosclerosis'
    >>> fhir_text('Condition.code.text: "GERD w/ erosive esophagitis, no GI bleed"; coding.code: K21.9')
    'GERD w/ erosive esophagitis, no GI bleed'
    >>> fhir_text('pt says "my sugar dropped"') is None, fhir_text("Acute bronchitis (disorder)") is None
    (True, True)
    """
    found = _FHIR_JSON_TEXT.search(mention) if "{" in mention else _QUOTED_AFTER_ELEMENT.match(mention)
    text = found["text"].strip() if found is not None else ""
    return text or None


def without_semantic_tag(mention: str) -> str:
    """``mention`` without a SNOMED CT semantic tag at its end.

    >>> without_semantic_tag("Sepsis caused by Escherichia coli (disorder)"), without_semantic_tag("HFrEF (EF 25%)")
    ('Sepsis caused by Escherichia coli', 'HFrEF (EF 25%)')
    """
    return _SEMANTIC_TAG.sub("", mention) or mention


#: Medicines and classes of them that notes name as the cause of a condition ("steroid-induced", "due to
#: amiodarone"). ICD-10-CM codes such a condition as drug-induced, whichever the drug: the drug itself is a
#: second code (T36–T50, adverse effect), never a word of the condition's title. Classes first, then the
#: single agents notes most often blame for an adverse effect (WHO ATC names; the usual short forms).
_DRUG = (r"(?:(?:cortico|gluco)?steroids?|prednis(?:one|olone)|dexamethasone|hydrocortisone|methylprednisolone|"
         r"opioids?|opiates?|narcotics?|statins?|chemo(?:therapy)?|immunotherapy|checkpoint\s+inhibitors?|"
         r"antipsychotics?|neuroleptics?|antidepressants?|ssris?|antibiotics?|antiepileptics?|anticonvulsants?|"
         r"diuretics?|thiazides?|loop\s+diuretics?|nsaids?|ace\s*(?:inhibitors?|i)|ace-i|arbs?|"
         r"beta[- ]?blockers?|calcium\s+channel\s+blockers?|anticoagulants?|heparin|warfarin|insulin|"
         r"amiodarone|lithium|methotrexate|isoniazid|hydralazine|procainamide|phenytoin|valproate|valproic\s+acid|"
         r"carbamazepine|haloperidol|metoclopramide|clozapine|olanzapine|risperidone|levothyroxine|"
         r"vancomycin|gentamicin|aminoglycosides?|cisplatin|cyclophosphamide|tacrolimus|cyclosporine|"
         r"furosemide|hydrochlorothiazide|hctz|lisinopril|spironolactone|allopurinol|sulfonamides?|"
         r"penicillins?|aspirin|clopidogrel|metformin|interferon|medications?|medicines?|drugs?)")
#: A cause that makes the condition a poisoning or an abuse, which ICD-10-CM codes otherwise (T36–T65, F1-).
_NOT_AN_ADVERSE_EFFECT = re.compile(r"\b(?:overdose|poisoning|toxicity|ingestion|abuse|misuse|withdrawal)\b",
                                    re.IGNORECASE)
_DRUG_INDUCED = re.compile(rf"^{_DRUG}[- ]induced\s+(?P<condition>\S.*)$", re.IGNORECASE)
_DUE_TO_A_DRUG = re.compile(rf"^(?P<condition>\S.*?)\s+(?:due\s+to|secondary\s+to|caused\s+by|2/2|from)\s+"
                            rf"(?:(?:his|her|their|the|high[- ]dose|long[- ]term|chronic)\s+)?{_DRUG}"
                            r"(?:\s+(?:use|therapy|treatment))?$", re.IGNORECASE)


def as_drug_induced(mention: str) -> str | None:
    """The condition of a mention that names a medicine as its cause ("steroid-induced Cushing's", "tremor due
    to lithium"), which ICD-10-CM titles the same whatever the drug ("drug-induced …", "… due to drugs", "… due
    to medicaments"; :data:`DRUG_INDUCED_FORMS`). ``None`` where no medicine is said to cause it, or where the
    cause is an overdose or abuse (a poisoning, coded otherwise).

    >>> as_drug_induced("steroid-induced Cushing's"), as_drug_induced("tremor due to lithium")
    ("Cushing's", 'tremor')
    >>> as_drug_induced("AKI due to vancomycin toxicity"), as_drug_induced("alcohol-induced pancreatitis")
    (None, None)
    """
    text = mention.strip()
    if _NOT_AN_ADVERSE_EFFECT.search(text):
        return None
    said = _DRUG_INDUCED.match(text) or _DUE_TO_A_DRUG.match(text)
    return said["condition"] if said else None


#: How ICD-10-CM titles a condition caused by a medicine ("Drug-induced tremor", "Drug induced acute
#: pancreatitis", "Hypothyroidism due to medicaments and other exogenous substances").
DRUG_INDUCED_FORMS = ("drug-induced {}", "drug induced {}", "{} due to drugs", "{} due to drug",
                      "{} due to medicaments")


#: Procedures a condition is said to follow ("after RAI ablation", "post-thyroidectomy", "s/p CABG").
_PROCEDURE = (r"(?:surgery|operation|procedure|\w+ectomy|\w+otomy|\w+ostomy|\w+plasty|\w+pexy|ablation|"
              r"rai(?:\s+ablation)?|radioactive\s+iodine(?:\s+ablation)?|radiation|irradiation|radiotherapy|xrt|"
              r"resection|transplant(?:ation)?|bypass|cabg|pci|catheteri[sz]ation|cath|biopsy|repair|"
              r"reconstruction|excision|amputation|intubation|extubation|anesthesia|anaesthesia)")
_AFTER_A_PROCEDURE = re.compile(rf"^(?P<condition>\S.*?)\s+(?:after|following|post|s/p|status\s+post)\s+"
                                rf"(?:(?:a|an|the|his|her|recent|prior)\s+)?(?:\w+\s+)?{_PROCEDURE}$",
                                re.IGNORECASE)
_POST_A_PROCEDURE = re.compile(rf"^(?:post[- ]?{_PROCEDURE}|post[- ]?op(?:erative)?|postprocedural)\s+"
                               r"(?P<condition>\S.*)$", re.IGNORECASE)


def after_a_procedure(mention: str) -> str | None:
    """The condition of a mention said to follow a procedure ("hypothyroid after RAI ablation",
    "post-thyroidectomy hypocalcemia"), which ICD-10-CM titles as a complication of care, "postprocedural …"
    (E89, I97, J95, K91, N99 …; :data:`POSTPROCEDURAL_FORMS`). ``None`` where no procedure is said.

    >>> after_a_procedure("hypothyroid after RAI ablation"), after_a_procedure("post-thyroidectomy hypocalcemia")
    ('hypothyroid', 'hypocalcemia')
    >>> after_a_procedure("fever after a tick bite")
    """
    text = mention.strip()
    said = _AFTER_A_PROCEDURE.match(text) or _POST_A_PROCEDURE.match(text)
    return said["condition"] if said else None


POSTPROCEDURAL_FORMS = ("postprocedural {}",)

#: A deficit said to remain after a stroke ("L hemiparesis after a stroke", "aphasia s/p CVA"): ICD-10-CM's
#: sequelae of cerebrovascular disease, I69.3- "… following cerebral infarction" (a stroke not said to be a
#: haemorrhage is an infarction, as the Alphabetic Index sends "Stroke" to I63.9).
_AFTER_A_STROKE = re.compile(r"^(?P<deficit>\S.*?)\s*,?\s+(?:after|following|post|from|since|due\s+to|secondary\s+to|"
                             r"2/2|s/p|status\s+post)\s+(?:(?:a|an|the|her|his|their|prior|previous|old|remote|"
                             r"recent|left|right|l|r|ischemic|embolic|thrombotic)\s+)*(?:(?:mca|aca|pca)\s+)?"
                             r"(?:stroke|cva|cerebrovascular\s+accident|cerebral\s+infarction|brain\s+infarct)\b"
                             r"(?:\s+(?:in\s+)?(?:\d{4}|\d+\s*(?:y(?:ea)?rs?|mo(?:nth)?s?)\s+ago))?\s*$", re.IGNORECASE)


def after_a_stroke(mention: str) -> str | None:
    """The deficit a stroke left, said as ICD-10-CM's I69.3- titles say it ("… following cerebral infarction");
    ``None`` where no stroke is said to precede it.

    >>> after_a_stroke("left-sided hemiplegia following stroke"), after_a_stroke("aphasia s/p L MCA CVA")
    ('left-sided hemiplegia following cerebral infarction', 'aphasia following cerebral infarction')
    >>> after_a_stroke("R hemiparesis from old stroke, R-handed")
    'R hemiparesis following cerebral infarction'
    >>> after_a_stroke("stroke"), after_a_stroke("fever after a tick bite")
    (None, None)
    """
    said = _AFTER_A_STROKE.match(_NOTE_ASIDES.sub("", mention).strip(" ,;"))  # "…, R-handed": an aside
    return f"{said['deficit']} following cerebral infarction" if said else None


#: A pregnancy's weeks ("at 34 weeks", "34 wks' gestation", "GA 34 weeks", "34 weeks pregnant", "32w1d").
_GESTATION = re.compile(r",?\s*\b(?:at\s+|ga\s+(?:of\s+)?)?(?P<weeks>\d{1,2})(?:\s*\+\s*\d)?\s*"
                        r"(?:weeks?|wks?|w(?:\s*[0-6]\s*d)?)\b"
                        r"(?:'|’)?(?:\s+(?:of\s+)?(?:gestation|pregnant|pregnancy|ga))?", re.IGNORECASE)


#: How a diabetes in pregnancy is kept in check, as O24.4-'s titles say it: "GDM on insulin" is O24.414
#: "…, insulin controlled", not O24.419 "…, unspecified control".
_CONTROL = (
    (re.compile(r"\b(?:on|requiring|needing|managed with|treated with)\s+insulin\b|\binsulin[- ](?:controlled|"
                r"requiring|dependent|treated)\b|\bgdm\s*a2\b", re.IGNORECASE), "insulin controlled"),
    (re.compile(r"\b(?:on|managed with|treated with)\s+(?:metformin|glyburide|oral\s+(?:hypoglycemics?|"
                r"hypoglycemic\s+(?:drugs?|agents?|medications?)|agents?|medications?))\b", re.IGNORECASE),
     "controlled by oral hypoglycemic drugs"),
    (re.compile(r"\bdiet[- ]controlled\b|\b(?:on|managed with|managed by)\s+diet(?:\s+alone)?\b|\bgdm\s*a1\b",
                re.IGNORECASE), "diet controlled"),
)


def control_said(mention: str) -> str | None:
    """How ``mention`` says a diabetes is controlled, in the words of ICD-10-CM's O24 titles; ``None`` if unsaid.

    >>> control_said("GDM on insulin"), control_said("gestational diabetes managed with metformin")
    ('insulin controlled', 'controlled by oral hypoglycemic drugs')
    >>> control_said("GDM, diet-controlled"), control_said("GDM")
    ('diet controlled', None)
    """
    return next((said for pattern, said in _CONTROL if pattern.search(mention)), None)


_PREGNANT = re.compile(r"\b\d{1,2}\s*(?:weeks?|wks?)(?:['’]|\s+of)?\s+(?:gestation|pregnant)\b|\bpregnant\b",
                       re.IGNORECASE)


def pregnancy_said(mention: str) -> bool:
    """Whether ``mention`` says the woman is pregnant ("at 8 weeks' gestation", "28 weeks pregnant").

    >>> pregnancy_said("A 29-year-old woman at 8 weeks' gestation with vaginal bleeding"), pregnancy_said("GDM")
    (True, False)
    """
    return _PREGNANT.search(mention) is not None


_ALLERGIC = re.compile(r"^(?:(?:is\s+)?allergic\s+to\s+(?P<to>\S.*)|(?P<drug>[a-z]+)[- ]allergic|"
                       r"(?:allergy|allergies)\s+to\s+(?P<of>\S.*))$", re.IGNORECASE)


def as_allergy_status(mention: str) -> str | None:
    """An allergy said of the patient ("penicillin allergic", "allergic to sulfa"), as Z88's titles say it,
    "allergy status to …". ``None`` where the mention says none.

    >>> as_allergy_status("penicillin allergic"), as_allergy_status("allergic to sulfa drugs")
    ('allergy status to penicillin', 'allergy status to sulfa drugs')
    >>> as_allergy_status("allergic to bees, carries EpiPen")
    'allergy status to bees'
    """
    said = _ALLERGIC.match(mention.strip())
    if said is None:
        return None
    # what it is to, without the care beside it ("allergic to bees, carries EpiPen")
    allergen = re.split(r"\s*[,;]\s*", said["to"] or said["drug"] or said["of"])[0]
    return f"allergy status to {allergen}".strip()


_PREGNANCY_CLAUSE = re.compile(r"^(?P<condition>\S.*?)(?:\s*,\s*(?:currently\s+|now\s+)?pregnant|"
                               r"\s+(?:in|during)\s+(?:(?:her|this|the)\s+)?pregnancy)\s*$", re.IGNORECASE)


def without_pregnancy_clause(mention: str) -> str | None:
    """A condition said with a clause that she is pregnant ("incompetent cervix, currently pregnant"), without
    it: the caller takes a chapter 15 code of the rest alone (a condition of pregnancy says it already).
    ``None`` where no such clause ends the mention.

    >>> without_pregnancy_clause("incompetent cervix, currently pregnant"), without_pregnancy_clause("pregnant")
    ('incompetent cervix', None)
    """
    said = _PREGNANCY_CLAUSE.match(mention.strip())
    return said["condition"] if said else None


_PRETERM_WEEKS = re.compile(
    r"\b(?:(?:extremely\s+|very\s+|moderately\s+|late\s+)?(?:preterm|premature|preemie|ex-?preemie|born)\b.*?"
    r"\b(?P<weeks>\d{2})(?:\s+[0-6]/7)?[- ]?(?:completed\s+)?(?:weeks?|wks?)\b"
    r"|\b(?P<weeks2>\d{2})[- ]?(?:completed\s+)?(?:weeks?|wks?)(?:\s+gestation(?:al\s+age)?)?\s+"
    r"(?:preterm|premature|preemie)\b)", re.IGNORECASE)


#: The words a mention about prematurity alone is made of: anything else is another condition of the newborn.
_BEYOND_PRETERM = re.compile(
    r"\b(?:extremely|very|moderately|late|preterm|premature|prematurity|preemie|ex|infant|newborn|neonate|baby|boy|"
    r"girl|male|female|born|at|of|a|an|the|completed|weeks?|wks?|gestation|gestational|age|e?ga|estimated|\d{2}|"
    r"[0-6]/7)(?!\w)|[-,;.']",
    re.IGNORECASE)
#: A pregnancy's weeks, not a newborn's: preterm labour, a delivery, the membranes, the mother.
_MOTHER = re.compile(r"\b(?:labou?r|deliver\w*|contractions?|pregnan\w*|rupture|membranes|p?prom|mother|woman|"
                     r"maternal|g\d+p\d+|cervi\w*|tocoly\w*)\b", re.IGNORECASE)


def as_gestational_age(mention: str) -> str | None:
    """A preterm newborn said with the weeks it was born at, as P07.2–P07.3 title it: "Preterm newborn,
    gestational age 32 completed weeks" (28–36 weeks), "Extreme immaturity of newborn, gestational age 25
    completed weeks" (23–27; "less than 23" below). ``None`` without weeks, or at term.

    >>> as_gestational_age("preterm infant born at 32 completed weeks"), as_gestational_age("32-week preemie")
    ('preterm newborn, gestational age 32 completed weeks', 'preterm newborn, gestational age 32 completed weeks')
    >>> as_gestational_age("extremely preterm infant, 25 weeks")
    'extreme immaturity of newborn, gestational age 25 completed weeks'
    >>> as_gestational_age("Preterm newborn, GA 32 weeks"), as_gestational_age("preterm infant, GA 33 4/7 wks")
    ('preterm newborn, gestational age 32 completed weeks', 'preterm newborn, gestational age 33 completed weeks')
    >>> as_gestational_age("born at 39 weeks"), as_gestational_age("preterm labor at 32 weeks")
    (None, None)
    >>> as_gestational_age("transient tachypnea in a 35-week preemie")
    """
    said = _PRETERM_WEEKS.search(mention)
    if said is None or _MOTHER.search(mention) or _BEYOND_PRETERM.sub(" ", mention).strip(" ,;.-"):
        return None  # "TTN in a 35-week preemie" is the TTN: the weeks are a code apart
    weeks = int(said.group("weeks") or said.group("weeks2"))
    if weeks >= 37:
        return None
    if weeks >= 28:
        return f"preterm newborn, gestational age {weeks} completed weeks"
    age = "less than 23" if weeks < 23 else str(weeks)
    return f"extreme immaturity of newborn, gestational age {age} completed weeks"


def trimester_said(mention: str) -> str | None:
    """The trimester the weeks of gestation ``mention`` gives fall in (guideline I.C.15.a.3), or ``None``.

    >>> trimester_said("a 29-year-old G1 at 34 weeks has vaginal bleeding"), trimester_said("G2P1, 9 wks")
    ('third', 'first')
    >>> trimester_said("severe preeclampsia at 32w1d"), trimester_said("GDM A1, 13w6d")
    ('third', 'first')
    """
    said = _GESTATION.search(mention)
    if said is None or not 1 <= int(said["weeks"]) <= 45:
        return None
    weeks = int(said["weeks"])
    return "first" if weeks < 14 else "second" if weeks < 28 else "third"


def with_trimester(mention: str) -> str | None:
    """A condition of pregnancy said with the weeks of gestation, as ICD-10-CM's chapter 15 titles say the time:
    by trimester (first: under 14 weeks; second: 14 to under 28; third: 28 on; guideline I.C.15.a.3). ``None``
    where no weeks are said.

    >>> with_trimester("severe preeclampsia at 34 weeks"), with_trimester("GDM, diet controlled, 26 wks")
    ('severe preeclampsia, third trimester', 'GDM, diet controlled, second trimester')
    >>> with_trimester("preeclampsia")
    """
    trimester = trimester_said(mention)
    if trimester is None:
        return None
    said = _GESTATION.search(mention)
    assert said is not None
    return f"{mention[:said.start()].rstrip(' ,')}, {trimester} trimester{mention[said.end():]}".strip()


#: How deep a laceration of an organ is, as a note measures it ("2 cm deep", "1.5-cm-deep").
_DEPTH = re.compile(r"\b(?P<cm>\d+(?:\.\d+)?)[\s-]*(?:cm|centimeters?)[\s-]+deep\b\s*", re.IGNORECASE)
#: The organs chapter 19 grades a laceration of by depth (S36.03- spleen, S36.11- liver, S37.0- kidney).
_GRADED_ORGAN = re.compile(r"\b(?:spleen|splenic|liver|hepatic|kidney|renal)\b", re.IGNORECASE)
#: The laceration a grade goes before, with the organ's adjective before it ("splenic laceration").
_LACERATED = re.compile(r"(?:\b[a-z]+(?:al|ic|ar|ey|er)\s+)?laceration", re.IGNORECASE)


def with_laceration_depth(mention: str) -> str | None:
    """A laceration of an organ measured in depth, said as chapter 19 grades it: under 1 cm minor, 1 to 3 cm
    moderate, over 3 cm major (S36.031 "Moderate laceration of spleen" includes "Laceration of spleen 1 to 3
    cm"; the kidney's and the liver's are graded so too). ``None`` without a depth.

    >>> with_laceration_depth("2 cm deep splenic laceration"), with_laceration_depth("kidney laceration, 4 cm deep")
    ('moderate splenic laceration', 'major kidney laceration')
    >>> with_laceration_depth("0.5-cm-deep laceration of the spleen"), with_laceration_depth("splenic laceration")
    ('minor laceration of the spleen', None)
    >>> with_laceration_depth("2 cm deep laceration of the R forearm")
    """
    said = _DEPTH.search(mention)
    if said is None or "laceration" not in mention.lower() or not _GRADED_ORGAN.search(mention):
        return None  # a wound of the skin is no organ's grade ("2 cm deep laceration of the R forearm")
    cm = float(said["cm"])
    grade = "minor" if cm < 1 else "moderate" if cm <= 3 else "major"
    rest = f"{mention[:said.start()]}{mention[said.end():]}".strip(" ,")
    lacerated = _LACERATED.search(rest)
    assert lacerated is not None
    return f"{rest[:lacerated.start()]}{grade} {rest[lacerated.start():]}"


#: A test and what it found, in a vignette's clause: "CT shows a 5-mm stone in the left ureter", "karyotype is
#: 45,X". What follows a denial ("and no hydronephrosis") or a comma is something else.
_TEST_FOUND = re.compile(
    r"(?:^|[;.]\s+|,\s+(?:and\s+)?|\band\s+)(?:(?:a|an|the|her|his)\s+)?(?:repeat\s+|chest\s+|abdominal\s+|"
    r"renal\s+|pelvic\s+|head\s+|node\s+|bone\s+|skin\s+|liver\s+|kidney\s+)?(?P<test>x-?ray|cxr|ct|mri|"
    r"ultrasound|echo(?:cardiogram)?|ecg|ekg|biopsy|imaging|scan|angiogram|endoscopy|colonoscopy|karyotype|"
    r"culture|smear|labs?|serology|csf|urinalysis|spirometry|eeg|emg|bronchoscopy|cystoscopy|ct\s+angiography|"
    r"angiography|testing)(?:\s+scan)?\s+(?:shows?|showed|reveals?|revealed|demonstrates?|demonstrated|confirms?|"
    r"confirmed|is|was)\s+(?P<found>[^;.]+?)(?=\s+(?:and|with|but)\s+(?:no|normal)\b|\s+without\b|[;.]|,\s|$)",
    re.IGNORECASE)


def found_by_a_test(mention: str) -> list[str]:
    """What a vignette says its tests found, in its order: each is a condition the text states, not infers.
    A karyotype's result is said as its titles say it ("Karyotype 45, X").

    >>> found_by_a_test("A 34-year-old man has left flank pain; CT shows a 5-mm stone in the left ureter and "
    ...                 "no hydronephrosis.")
    ['5-mm stone in the left ureter']
    >>> found_by_a_test("A 14-year-old girl has a webbed neck and primary amenorrhoea; karyotype is 45,X.")
    ['karyotype 45,X']
    >>> found_by_a_test("chest pain radiating to the left arm"), found_by_a_test("TSH is suppressed")
    ([], [])
    """
    found = []
    for said in _TEST_FOUND.finditer(mention):
        phrase = _ARTICLE_ANY.sub("", said.group("found").strip())
        if said.group("test").lower() == "karyotype":
            phrase = f"karyotype {phrase}"
        if phrase and phrase not in found:
            found.append(phrase)
    return found


_ARTICLE_ANY = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)


#: A diagnosis a vignette names as made: "…, and acute suppurative otitis media is diagnosed", "she is diagnosed
#: with primary genital syphilis", "the diagnosis is …". Never one suspected, considered or ruled out.
_DIAGNOSIS_STATED = (
    re.compile(r"(?:^|[;.]\s+|,\s+(?:and\s+)?|\band\s+)(?P<dx>[^;.,]+?)\s+(?:is|was)\s+(?:then\s+|finally\s+)?"
               r"(?:diagnosed|confirmed)(?=\s*(?:[;.]|$))", re.IGNORECASE),
    re.compile(r"\b(?:is|was|were|has\s+been|had\s+been)\s+(?:newly\s+)?diagnosed\s+with\s+(?P<dx>[^;.]+?)"
               r"(?=\s*(?:[;.]|,\s|$))", re.IGNORECASE),
    re.compile(r"\b(?:the\s+)?(?:final\s+|working\s+)?diagnosis\s+(?:is|was)\s+(?P<dx>[^;.]+?)(?=\s*(?:[;.]|,\s|$))",
               re.IGNORECASE),
    # "… villous atrophy on duodenal biopsy, confirming celiac disease."
    re.compile(r",\s+confirming\s+(?P<dx>[^;.,]+?)(?=\s*(?:[;.]|$))", re.IGNORECASE),
    # a vignette that ends naming what it is: "…: panic disorder.", "…, diagnosed as early Lyme disease.",
    # "…, consistent with erythema multiforme."
    # (a case, its patient's age told, before the colon: "Cirrhosis of liver: jaundice" names a finding of it)
    re.compile(r"^(?=[^:]*\b\d+[- ](?:year|month|week|day)[- ]old\b)[^:]{40,}:\s+(?P<dx>[^;:.,]+?)\.?\s*$",
               re.IGNORECASE),
    re.compile(r",\s+(?:and\s+)?(?:is\s+|was\s+)?diagnosed\s+(?:as|with)\s+(?P<dx>[^;.,]+?)(?=\s*(?:[;.]|$))",
               re.IGNORECASE),
    re.compile(r",?\s+consistent\s+with\s+(?P<dx>[^;.,]+?)(?=\s*(?:[;.]|$))", re.IGNORECASE),
    # "… is found to have a central retinal artery occlusion", "… tests positive for influenza A"
    re.compile(r"\b(?:is|was|were)\s+found\s+to\s+have\s+(?P<dx>[^;.,]+?)(?=\s*(?:[;.]|,\s|$))", re.IGNORECASE),
    re.compile(r"\btest(?:s|ed)?\s+positive\s+for\s+(?P<dx>[^;.,]+?)(?=\s*(?:[;.]|,\s|$))", re.IGNORECASE),
    # a case's own heading for it: "… receives surfactant. Dx: respiratory distress syndrome."
    # or a problem list's entry: "Problem: SLE with class IV lupus nephritis (biopsy 03/2024; on MMF)"
    re.compile(r"(?:^|[;.]\s+)(?:dx|diagnosis|final\s+diagnosis|impression|assessment|problem(?:\s+list)?)\s*:\s*"
               r"(?P<dx>(?:[^;:.()]|\([^()]*\))+?)\.?\s*$", re.IGNORECASE),
    # "…, Behcet disease is the diagnosis."
    re.compile(r"(?:^|[;.]\s+|,\s+)(?P<dx>[^;.,]+?)\s+is\s+the\s+(?:most\s+likely\s+|likely\s+|final\s+)?diagnosis\b",
               re.IGNORECASE),
    # a case whose last clause says what the patient has: "…; she has systemic lupus erythematosus." (a case
    # sentence's own "has" is most often a symptom: "A 64-year-old man has fever")
    re.compile(r";\s+(?:she|he|they)\s+(?:has|had)\s+(?P<dx>[^;:.,]+?)\.?\s*$", re.IGNORECASE),
    # a patient's telling that ends on what they were told: "… I can't close my eye - they said it's Bell's palsy"
    re.compile(r"(?:[;.,]\s+|\s+[-–—]+\s+)(?:and\s+|but\s+)?(?:they|he|she|the\s+doctors?|(?:my|the|his|her)\s+"
               r"(?:doctor|doc|gp|pediatrician|paediatrician|specialist))\s+(?:said|says|told\s+(?:me|us|him|her))\s+"
               r"(?:that\s+)?(?:it.?s|it\s+is|it\s+was|i\s+have|i\s+had|he\s+has|she\s+has)\s+(?P<dx>[^;:.,]+?)\.?\s*$",
               re.IGNORECASE),
    # what a test the patient had was said to show: "… snore like a train - the sleep study said obstructive
    # sleep apnea", "…, the biopsy showed celiac disease"
    re.compile(r"(?:[;.,]\s+|\s+[-–—]+\s+)(?:and\s+|but\s+)?(?:the|my|his|her)\s+(?:[\w-]+\s+){0,2}?(?:study|test|"
               r"scan|biopsy|x-?ray|mri|ct|ultrasound|echo|report|results?)\s+(?:said|says|showed|shows|found|"
               r"confirmed)\s+(?:that\s+)?(?:it.?s\s+|it\s+is\s+|it\s+was\s+|i\s+have\s+|i\s+had\s+)?"
               r"(?P<dx>[^;:.,]+?)\.?\s*$", re.IGNORECASE),
    # a note's last part naming what was diagnosed: "… for 1 min; dx simple febrile seizure", "… - dx stress
    # incontinence"
    re.compile(r"(?:[;.,]\s+|\s+[-–—]+\s+)(?:dx|diagnosis|diagnosed)\s*:?\s+(?:with\s+|as\s+)?"
               r"(?!(?:pending|deferred|unclear|unknown|uncertain|tbd)\b)(?P<dx>[^;:.,]+?)\.?\s*$", re.IGNORECASE),
    # a diagnosis with its kind set off by commas, as titles write it: "…; major depressive disorder, single
    # episode, is diagnosed."
    re.compile(r"(?:^|[;.]\s+)(?P<dx>[^;.,]+?,\s+(?:\w+\s+){0,2}\w+),\s+(?:is|was)\s+(?:then\s+|finally\s+)?"
               r"(?:diagnosed|confirmed)(?=\s*(?:[;.]|$))", re.IGNORECASE),
)
#: What a vignette's "diagnosed" does not make a diagnosis of: a patient's age and sex before it.
_A_PATIENT = re.compile(r"^(?:an?\s+)?\d+[- ](?:year|month|week|day)[- ]old\b.*$", re.IGNORECASE)


#: A case whose patient is a newborn: its age in hours or days, "newborn", "neonate", born at some weeks.
_A_NEWBORN = re.compile(r"\b(?:newborn|neonate|neonatal|\d+[- ](?:hour|day)[- ]old|born\s+at\s+\d+\s*(?:weeks|wks)|"
                        r"(?:hours|minutes)\s+(?:of|after)\s+(?:birth|delivery))\b", re.IGNORECASE)


def a_newborns_case(mention: str) -> bool:
    """Whether a case is of a newborn, whose conditions the perinatal chapter names apart.

    >>> a_newborns_case("Infant born at 28 weeks develops grunting within hours of birth.")
    True
    >>> a_newborns_case("A 9-month-old infant has wheezing and a runny nose."), a_newborns_case("A 2-day-old")
    (False, True)
    """
    return _A_NEWBORN.search(mention) is not None


def diagnosis_stated(mention: str) -> list[str]:
    """The diagnoses a vignette says were made, in its order: each is what the text states, not infers.

    >>> diagnosis_stated("A 6-year-old has ear pain; otoscopy shows a bulging membrane, and acute suppurative "
    ...                  "otitis media is diagnosed.")
    ['acute suppurative otitis media']
    >>> diagnosis_stated("A 30-year-old man with a penile ulcer is diagnosed with primary genital syphilis.")
    ['primary genital syphilis']
    >>> diagnosis_stated("A 45-year-old has villous atrophy on duodenal biopsy, confirming celiac disease.")
    ['celiac disease']
    >>> diagnosis_stated("A 34-year-old has had low mood for a month; major depressive disorder, single episode, "
    ...                  "is diagnosed.")
    ['major depressive disorder, single episode']
    >>> diagnosis_stated("A 28-year-old has recurrent unexpected surges of fear peaking within minutes: panic "
    ...                  "disorder.")
    ['panic disorder']
    >>> diagnosis_stated("A hiker has an annular rash after a tick bite, diagnosed as early Lyme disease.")
    ['early Lyme disease']
    >>> diagnosis_stated("A woman develops target lesions on her palms, consistent with erythema multiforme.")
    ['erythema multiforme']
    >>> diagnosis_stated("A 35-year-old woman has a malar rash and anti-dsDNA; she has systemic lupus erythematosus.")
    ['systemic lupus erythematosus']
    >>> diagnosis_stated("A 66-year-old with sudden vision loss is found to have a central retinal artery occlusion.")
    ['central retinal artery occlusion']
    >>> diagnosis_stated("In a 28-year-old with oral ulcers and uveitis, Behcet disease is the diagnosis.")
    ['Behcet disease']
    >>> diagnosis_stated("half my face drooped and I can't close my eye - they said it's Bell's palsy")
    ["Bell's palsy"]
    >>> diagnosis_stated("my husband says I snore like a train - the sleep study said obstructive sleep apnea")
    ['obstructive sleep apnea']
    >>> diagnosis_stated("my baby had a shaking fit with a high temp for 1 min; dx simple febrile seizure")
    ['simple febrile seizure']
    >>> diagnosis_stated("the scan was normal"), diagnosis_stated("biopsy taken; dx pending")
    ([], [])
    >>> diagnosis_stated("Cirrhosis of liver: jaundice")
    []
    >>> diagnosis_stated("Problem: SLE with lupus nephritis (biopsy 03/2024; on mycophenolate 1.5 g BID)")
    ['SLE with lupus nephritis (biopsy 03/2024; on mycophenolate 1.5 g BID)']
    >>> diagnosis_stated("A 70-year-old has bibasilar crackles and clubbing; HRCT shows a UIP pattern. Dx: IPF.")
    ['IPF']
    >>> diagnosis_stated("Pneumonia is suspected"), diagnosis_stated("a 40-year-old woman was diagnosed")
    ([], [])
    """
    stated: list[str] = []
    for pattern in _DIAGNOSIS_STATED:
        for said in pattern.finditer(mention):
            phrase = _ARTICLE_ANY.sub("", said.group("dx").strip())
            if phrase and not _A_PATIENT.match(phrase) and phrase not in stated:
                stated.append(phrase)
    return stated


#: The class a drug is poisoned by in ICD-10-CM's titles (T36–T50 "Poisoning by <class>, <intent>"), where the
#: title does not name the drug: the class the Table of Drugs and Chemicals files it under.
_POISONED_BY = {
    **dict.fromkeys(("acetaminophen", "paracetamol", "tylenol", "apap"), "4-aminophenol derivatives"),
    **dict.fromkeys(("aspirin", "asa", "salicylate", "salicylates"), "salicylates"),
    **dict.fromkeys(("ibuprofen", "naproxen", "motrin", "advil"), "propionic acid derivatives"),
    **dict.fromkeys(("sertraline", "fluoxetine", "citalopram", "escitalopram", "paroxetine", "ssri", "ssris"),
                    "selective serotonin reuptake inhibitors"),
    **dict.fromkeys(("venlafaxine", "duloxetine", "snri", "snris"),
                    "selective serotonin and norepinephrine reuptake inhibitors"),
    **dict.fromkeys(("amitriptyline", "nortriptyline", "imipramine", "tca", "tcas"), "tricyclic antidepressants"),
    **dict.fromkeys(("diazepam", "lorazepam", "alprazolam", "clonazepam", "benzodiazepine", "benzodiazepines",
                     "benzo", "benzos"), "benzodiazepines"),
    **dict.fromkeys(("oxycodone", "hydrocodone", "morphine", "codeine", "opioid", "opioids", "opiate", "opiates"),
                    "other opioids"),
    **dict.fromkeys(("fentanyl",), "fentanyl or fentanyl analogs"),
    **dict.fromkeys(("warfarin", "heparin", "anticoagulant", "anticoagulants"), "anticoagulants"),
    **dict.fromkeys(("digoxin",), "cardiac-stimulant glycosides"),
    **dict.fromkeys(("ferrous sulfate", "ferrous sulphate"), "iron and its compounds"),
    **dict.fromkeys(("metoprolol", "propranolol", "atenolol", "beta-blocker", "beta-blockers"),
                    "beta-adrenoreceptor antagonists"),
    **dict.fromkeys(("amlodipine", "verapamil", "diltiazem"), "calcium-channel blockers"),
    **dict.fromkeys(("thc", "cannabis", "marijuana", "edibles", "thc gummies", "thc edibles", "cannabis gummies",
                     "cannabis edibles", "marijuana edibles", "pot brownies"), "cannabis"),
    **dict.fromkeys(("glipizide", "glyburide", "glimepiride", "metformin", "sulfonylurea", "sulfonylureas"),
                    "insulin and oral hypoglycemic [antidiabetic] drugs"),
    **{drug: drug for drug in ("insulin", "heroin", "methadone", "cocaine", "iron")},
}
_INTENTS = ((re.compile(r"\b(?:intentional(?:ly)?|deliberate(?:ly)?|suicid\w*|self[- ]harm|on purpose)\b", re.I),
             "intentional self-harm"),
            (re.compile(r"\bassault\w*\b", re.I), "assault"),
            (re.compile(r"\bundetermined\b", re.I), "undetermined"))
_POISONED = re.compile(r"^(?:(?:an?\s+)?(?:accidental|unintentional|intentional|deliberate|suicidal)\s+)?(?:"
                       r"(?:overdose|od|poisoning|ingestion)(?:\s+(?:of|by|with|on)|\s*,?\s*(?:about\s+|~\s*)?\d+\s*"
                       r"(?:tabs?|tablets?|pills?|capsules?)\s+of)\s+(?P<after>[\w\s-]+?)|"
                       r"(?P<before>[\w-]+(?:\s+[\w-]+)?)\s+(?:overdose|od|poisoning|ingestion))"
                       r"(?:\s*,?\s*(?:accidental|unintentional|intentional|deliberate|suicide attempt|"
                       r"self[- ]harm))?"
                       # who took it: "accidental iron tablet ingestion by a toddler"
                       r"(?:\s+(?:by|in)\s+(?:(?:a|an|the|her|his|their)\s+)?(?:toddler|child|infant|kid|boy|girl|"
                       r"\d+[- ](?:year|month)[- ]old))?"
                       # and how it came about, a clause of its own: "…, toddler got into the bottle"
                       r"(?:\s*,\s*[^,]+)?$", re.IGNORECASE)
#: A patient's or parent's telling of a dose taken by mistake: "took a double dose of insulin by mistake",
#: "3yo accidentally ate mom's THC gummies". Only a mistake, too much or a child's getting into it makes one.
_TAKEN_BY_MISTAKE = re.compile(
    # a young child who got into it: an ingestion by a toddler is accidental whatever else is said
    r"^(?:(?P<child>\d[\s-]*(?:y/?o|yo|years?[- ]old)|\d{1,2}[\s-]*(?:mo|m/o|months?[- ]old)|toddler|infant|baby)\s+|"
    r"[\w-]+\s+)?(?:(?:was\s+)?found\s+)?(?P<mistake>accidentally\s+|mistakenly\s+)?"
    r"(?:took|ate|swallowed|drank|chewed|ingested|got\s+into|chewing|eating|swallowing|drinking)\s+"
    r"(?:(?:a|an|the|some)\s+)?(?P<much>(?:(?:double|triple|extra|second|whole)\s+(?:dose|bottle|pack)s?|too\s+(?:many|much)|"
    r"a\s+handful)\s+(?:of\s+)?)?"
    # how many, however roughly: no mistake in itself
    r"(?:(?:about\s+|around\s+|approximately\s+|over\s+|~\s*)?(?:several|a\s+few|\d+)\s+(?:of\s+)?)?"
    r"(?:(?:his|her|my|their|\w+['’]s)\s+){0,2}(?P<drug>[\w-]+(?:\s+[\w-]+)??)"
    r"(?P<rest>(?:\s+\d+(?:\.\d+)?\s*(?:mg|mcg|g))?(?:\s+(?:pills?|tablets?|tabs?|capsules?))?"
    r"(?:\s+(?:by\s+mistake|accidentally|on\s+purpose|this\s+morning|today|last\s+night|yesterday|"
    r"in\s+an?\s+(?:suicide|suicidal)\s+(?:attempt|gesture)|\d+\s*(?:hours?|hrs?|h)\s+ago))*)\s*$", re.IGNORECASE)
#: Where a telling of what was taken ends, and the note goes on ("…; 4-hour APAP level 210", "… - admitted").
_TELLING_ENDS = re.compile(r"\s*;\s*|\s+[-–—]{1,2}\s+")


def as_poisoning(mention: str) -> tuple[str, str] | None:
    """A drug overdose said as ICD-10-CM titles a poisoning: the class its title names the drug by, and the
    intent — accidental where the text does not say (guideline I.C.19.e.5.b). A drug's "toxicity" is not here:
    taken as prescribed it is an adverse effect, coded otherwise.

    >>> as_poisoning("accidental insulin overdose"), as_poisoning("intentional overdose of sertraline")
    (('insulin', 'accidental (unintentional)'), ('selective serotonin reuptake inhibitors', 'intentional self-harm'))
    >>> as_poisoning("accidental iron tablet ingestion by a toddler")
    ('iron', 'accidental (unintentional)')
    >>> as_poisoning("intentional OD, ~30 tabs of Tylenol")
    ('4-aminophenol derivatives', 'intentional self-harm')
    >>> as_poisoning("Tylenol OD"), as_poisoning("digoxin toxicity"), as_poisoning("overdose of grief")
    (('4-aminophenol derivatives', 'accidental (unintentional)'), None, None)
    """
    said = _POISONED.match(mention.strip())
    if said is None:
        return _taken_by_mistake(mention)
    drug = (said.group("after") or said.group("before") or "").lower().split()
    drug = [w for w in drug if w not in ("a", "an", "the", "his", "her", "my", "accidental", "intentional",
                                         "tablet", "tablets", "pill", "pills", "capsule", "capsules")]
    poisoned_by = _POISONED_BY.get(" ".join(drug)) or (_POISONED_BY.get(drug[-1]) if drug else None)
    if poisoned_by is None:
        return None
    intent = next((name for pattern, name in _INTENTS if pattern.search(mention)), "accidental (unintentional)")
    return poisoned_by, intent


def _taken_by_mistake(mention: str) -> tuple[str, str] | None:
    """A dose taken by mistake or too much of it, as a patient or parent tells it, as :func:`as_poisoning`
    reads an overdose; ``None`` where the telling says no mistake ("took ibuprofen for the pain").

    >>> _taken_by_mistake("took a double dose of insulin by mistake this morning")
    ('insulin', 'accidental (unintentional)')
    >>> _taken_by_mistake("3yo accidentally ate mom's THC gummies"), _taken_by_mistake("took ibuprofen")
    (('cannabis', 'accidental (unintentional)'), None)
    >>> _taken_by_mistake("2 y/o ate several of grandma's metoprolol tabs")  # a young child's: accidental
    ('beta-adrenoreceptor antagonists', 'accidental (unintentional)')
    >>> _taken_by_mistake("he ate his metoprolol"), _taken_by_mistake("took 2 tylenol")  # no mistake said
    (None, None)
    >>> _taken_by_mistake("19-year-old took about 30 acetaminophen 500 mg tablets in a suicide attempt 4 hours ago")
    ('4-aminophenol derivatives', 'intentional self-harm')
    >>> _taken_by_mistake("Toddler found chewing grandmother's glipizide tablets - admitted for monitoring")
    ('insulin and oral hypoglycemic [antidiabetic] drugs', 'accidental (unintentional)')
    >>> _taken_by_mistake("3-year-old swallowed about 20 of her mother's ibuprofen 200 mg tablets; creatinine pending")
    ('propionic acid derivatives', 'accidental (unintentional)')
    >>> _taken_by_mistake("19-year-old took 2 acetaminophen 500 mg tablets for a headache")  # no mistake, no intent
    """
    told = _TELLING_ENDS.split(mention.strip(), maxsplit=1)[0]
    said = _TAKEN_BY_MISTAKE.match(told)
    intended = next((name for pattern, name in _INTENTS if pattern.search(told)), None)
    if said is None or not (said["mistake"] or said["much"] or said["child"] or "mistake" in said["rest"].lower()
                            or "accidentally" in said["rest"].lower() or "got into" in told.lower() or intended):
        return None
    drug = said["drug"].lower()
    poisoned_by = _POISONED_BY.get(drug) or _POISONED_BY.get(drug.split()[-1])
    if poisoned_by is None:
        return None
    return poisoned_by, intended or "accidental (unintentional)"


#: The food an anaphylaxis is said to follow, as T78.0- titles name its group ("Anaphylactic reaction due to
#: peanuts"): the first group whose word the mention holds, the specific before the general ("peanut" before
#: "nut").
_FOOD_GROUPS = (
    (re.compile(r"\bpeanuts?\b", re.I), "peanuts"),
    (re.compile(r"\b(?:shellfish|shrimps?|prawns?|crabs?|lobsters?|crustaceans?)\b", re.I), "shellfish"),
    (re.compile(r"\b(?:tree\s+nuts?|nuts?|walnuts?|cashews?|almonds?|pecans?|pistachios?|hazelnuts?|sesame|"
                r"seeds?)\b", re.I), "tree nuts and seeds"),
    (re.compile(r"\b(?:fish|salmon|tuna|cod)\b", re.I), "other fish"),
    (re.compile(r"\b(?:milk|dairy|cheese)\b", re.I), "milk and dairy products"),
    (re.compile(r"\beggs?\b", re.I), "egg"),
    (re.compile(r"\b(?:fruits?|vegetables?|kiwis?|strawberr(?:y|ies)|bananas?)\b", re.I), "fruits and vegetables"),
)
_ANAPHYLAXIS = re.compile(r"\banaphyla(?:xis|ctic\s+(?:reaction|shock))\b", re.IGNORECASE)


#: A milk or egg allergy said as a status, and what a baked form of the food does: Z91.011- and Z91.012-
#: title "Allergy to milk products" and "Allergy to eggs", "… with tolerance to baked …" or "… with reactivity
#: to baked …", "…, unspecified" where the text says neither.
_MILK_OR_EGG_ALLERGY = re.compile(r"^(?:(?:ige[- ]mediated|cow['’]?s?)\s+)*(?P<food>milk|dairy|cow['’]?s?\s+milk|eggs?)"
                                  r"\s+(?:protein\s+)?allerg(?:y|ies)\b|^allerg(?:y|ic)\s+to\s+(?P<food_after>milk|"
                                  r"dairy|cow['’]?s?\s+milk|eggs?)\b", re.IGNORECASE)
_BAKED_TOLERATED = re.compile(r"\btolerat\w*\s+(?:\w+\s+){0,2}baked\b|\bbaked\s+(?:\w+\s+){0,2}(?:is\s+|are\s+)?"
                              r"tolerated\b", re.IGNORECASE)
_BAKED_REACTS = re.compile(r"\breact\w*\s+(?:\w+\s+){0,2}(?:to\s+)?baked\b|\bbaked\s+(?:\w+\s+){0,2}"
                           r"(?:causes?|triggers?|not\s+tolerated)\b", re.IGNORECASE)


def milk_or_egg_allergy(mention: str) -> str | None:
    """A milk or egg allergy as Z91.011- or Z91.012- title it, with what the text says of the baked food.

    >>> milk_or_egg_allergy("Cow's milk allergy - tolerates baked milk (muffins) without reaction")
    'allergy to milk products with tolerance to baked milk'
    >>> milk_or_egg_allergy("Egg allergy (IgE-mediated), carries EpiPen")
    'allergy to eggs, unspecified'
    >>> milk_or_egg_allergy("egg allergy, reacts even to baked egg"), milk_or_egg_allergy("peanut allergy")
    ('allergy to eggs with reactivity to baked egg', None)
    >>> milk_or_egg_allergy("milk allergy with anaphylaxis after a glass of milk")
    """
    said = _MILK_OR_EGG_ALLERGY.search(mention.strip())
    if said is None or _ANAPHYLAXIS.search(mention):
        return None  # an anaphylaxis is the reaction itself (T78.0-), never the status
    food = (said["food"] or said["food_after"]).lower()
    title, baked = ("allergy to eggs", "egg") if food.startswith("egg") else ("allergy to milk products", "milk")
    if _BAKED_REACTS.search(mention):
        return f"{title} with reactivity to baked {baked}"
    if _BAKED_TOLERATED.search(mention):
        return f"{title} with tolerance to baked {baked}"
    return f"{title}, unspecified"


def anaphylaxis_to_a_food(mention: str) -> str | None:
    """The food group of an anaphylaxis said to follow a food, as ICD-10-CM titles it (T78.0-).

    >>> anaphylaxis_to_a_food("anaphylaxis after eating peanuts"), anaphylaxis_to_a_food("shrimp anaphylaxis")
    ('peanuts', 'shellfish')
    >>> anaphylaxis_to_a_food("anaphylaxis after a bee sting"), anaphylaxis_to_a_food("peanut allergy")
    (None, None)
    """
    if not _ANAPHYLAXIS.search(mention):
        return None
    return next((group for pattern, group in _FOOD_GROUPS if pattern.search(mention)), None)
