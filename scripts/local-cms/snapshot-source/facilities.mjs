// Facilities shown on the map pages (node--facility), compact: generate.mjs expands them.
// Fields: map type, key (stable id), English name, French name, civic address [English, French],
// city (or [English, French] when the names differ), postal code, phone, latitude, longitude, sample flag.
// Addresses are written in each language's style (« 3400, rue Principale »); a real facility's name is
// the one it uses itself, the same in both languages unless it has an official French name.
// Names marked real (sample = false) are public New Brunswick facilities; their civic addresses,
// phone numbers and coordinates were written from public listings without a live check and must
// be verified against the department's lists before production. Records with sample = true are
// invented placeholders (names say "sample"/"exemple") that fill regions we had no public record for.
// Coordinates are approximate (street or town level).
export const facilities = [
  // Nursing homes
  ['nursing_home', 'york-care-centre', 'York Care Centre', 'York Care Centre', ['100 Sunset Drive', '100, promenade Sunset'], 'Fredericton', 'E3A 1A3', '506-444-3400', 45.9735, -66.6612, false],
  ['nursing_home', 'loch-lomond-villa', 'Loch Lomond Villa', 'Loch Lomond Villa', ['185 Loch Lomond Road', '185, chemin Loch Lomond'], 'Saint John', 'E2J 3S3', '506-643-7175', 45.2972, -66.0165, false],
  ['nursing_home', 'kenneth-e-spencer', 'Kenneth E. Spencer Memorial Home', 'Kenneth E. Spencer Memorial Home', ['35 Atlantic Baptist Avenue', '35, avenue Atlantic Baptist'], 'Moncton', 'E1E 4N3', '506-858-7870', 46.1092, -64.8141, false],
  ['nursing_home', 'villa-du-repos', 'Villa du Repos', 'Villa du Repos', ['125 Murphy Avenue', '125, avenue Murphy'], 'Moncton', 'E1A 8V2', '506-857-3560', 46.1003, -64.7395, false],
  ['nursing_home', 'drew-nursing-home', 'Drew Nursing Home', 'Drew Nursing Home', ['165 Main Street', '165, rue Main'], 'Sackville', 'E4L 4A3', '506-364-4900', 45.9003, -64.3742, false],
  ['nursing_home', 'villa-providence-shediac', 'Villa Providence Shediac', 'Villa Providence Shediac', ['403 Main Street', '403, rue Main'], 'Shediac', 'E4P 2B9', '506-532-4484', 46.2203, -64.5491, false],
  ['nursing_home', 'mount-st-joseph', 'Mount St. Joseph Nursing Home', 'Mount St. Joseph Nursing Home', ['51 Lobban Avenue', '51, avenue Lobban'], 'Miramichi', 'E1N 2W8', '506-622-3650', 47.0106, -65.5633, false],
  ['nursing_home', 'notre-dame-de-lourdes', 'Foyer Notre-Dame de Lourdes', 'Foyer Notre-Dame de Lourdes', ['2055 Vallée-Lourdes Drive', '2055, promenade Vallée-Lourdes'], 'Bathurst', 'E2A 4P8', '506-549-5085', 47.6084, -65.6713, false],
  ['nursing_home', 'campbellton-nursing-home', 'Campbellton Nursing Home', 'Campbellton Nursing Home', ['80 Hill Street', '80, rue Hill'], 'Campbellton', 'E3N 1S9', '506-789-7350', 48.0042, -66.6709, false],
  ['nursing_home', 'villa-des-jardins', 'Villa des Jardins', 'Villa des Jardins', ['2 Marmen Street', '2, rue Marmen'], 'Edmundston', 'E3V 4P6', '506-735-2020', 47.3715, -68.3289, false],
  ['nursing_home', 'carleton-manor', 'Carleton Manor', 'Carleton Manor', ['2 Carleton Manor Drive', '2, promenade Carleton Manor'], 'Woodstock', 'E7M 1E1', '506-328-9823', 46.1489, -67.5903, false],
  ['nursing_home', 'kiwanis-nursing-home', 'Kiwanis Nursing Home', 'Kiwanis Nursing Home', ['11 Bryant Drive', '11, promenade Bryant'], 'Sussex', 'E4E 2P3', '506-432-3118', 45.7281, -65.5037, false],
  // Special care homes
  ['special_care_home', 'kingsway-care-centre', 'Kingsway Care Centre', 'Kingsway Care Centre', ['22 Kingsway Drive', '22, promenade Kingsway'], 'Quispamsis', 'E2E 0A1', '506-849-8050', 45.4245, -65.9558, false],
  ['special_care_home', 'faubourg-du-mascaret', 'Le Faubourg du Mascaret', 'Le Faubourg du Mascaret', ['75 Cameron Street', '75, rue Cameron'], 'Moncton', 'E1C 5Y6', '506-867-6011', 46.0881, -64.7834, false],
  ['special_care_home', 'sample-sch-dieppe', 'Champlain Special Care Home (sample)', 'Foyer de soins spéciaux Champlain (exemple)', ['140 Champlain Street', '140, rue Champlain'], 'Dieppe', 'E1A 1N8', '506-555-0131', 46.0950, -64.7320, true],
  ['special_care_home', 'sample-sch-fredericton', 'Riverside Special Care Home (sample)', 'Foyer de soins spéciaux Riverside (exemple)', ['610 Riverside Drive', '610, promenade Riverside'], 'Fredericton', 'E3A 8R1', '506-555-0132', 45.9712, -66.6181, true],
  ['special_care_home', 'sample-sch-saint-john', 'Millidgeville Special Care Home (sample)', 'Foyer de soins spéciaux Millidgeville (exemple)', ['55 Millidge Avenue', '55, avenue Millidge'], 'Saint John', 'E2K 2M3', '506-555-0133', 45.2934, -66.0780, true],
  ['special_care_home', 'sample-sch-miramichi', 'Newcastle Special Care Home (sample)', 'Foyer de soins spéciaux Newcastle (exemple)', ['20 Henry Street', '20, rue Henry'], 'Miramichi', 'E1V 2N6', '506-555-0134', 47.0001, -65.5681, true],
  ['special_care_home', 'sample-sch-caraquet', 'Résidence de la Baie (sample)', 'Résidence de la Baie (exemple)', ['120 Saint-Pierre Boulevard West', '120, boulevard Saint-Pierre Ouest'], 'Caraquet', 'E1W 1B6', '506-555-0135', 47.7877, -64.9612, true],
  ['special_care_home', 'sample-sch-grand-falls', 'Résidence des Chutes (sample)', 'Résidence des Chutes (exemple)', ['250 Broadway Boulevard', '250, boulevard Broadway'], ['Grand Falls', 'Grand-Sault'], 'E3Z 2K1', '506-555-0136', 47.0445, -67.7398, true],
  ['special_care_home', 'sample-sch-st-stephen', 'Border Special Care Home (sample)', 'Foyer de soins spéciaux de la Frontière (exemple)', ['73 Milltown Boulevard', '73, boulevard Milltown'], 'St. Stephen', 'E3L 1G5', '506-555-0137', 45.1915, -67.2794, true],
  ['special_care_home', 'sample-sch-dalhousie', 'Chaleur Bay Special Care Home (sample)', 'Foyer de soins spéciaux Baie-des-Chaleurs (exemple)', ['350 William Street', '350, rue William'], 'Dalhousie', 'E8C 2X2', '506-555-0138', 48.0622, -66.3738, true],
  // Home support agencies
  ['home_support_agency', 'bayshore-moncton', 'Bayshore Home Health (Moncton)', 'Bayshore Home Health (Moncton)', ['1600 Main Street', '1600, rue Main'], 'Moncton', 'E1E 1G5', '506-857-9992', 46.0993, -64.8005, false],
  ['home_support_agency', 'bayshore-fredericton', 'Bayshore Home Health (Fredericton)', 'Bayshore Home Health (Fredericton)', ['1133 Regent Street', '1133, rue Regent'], 'Fredericton', 'E3B 3Z2', '506-452-7323', 45.9438, -66.6580, false],
  ['home_support_agency', 'we-care-saint-john', 'We Care Home Health Services (Saint John)', 'We Care Home Health Services (Saint John)', ['400 Main Street', '400, rue Main'], 'Saint John', 'E2K 4N5', '506-633-1116', 45.2855, -66.0655, false],
  ['home_support_agency', 'paramed-moncton', 'Paramed Home Health Care (Moncton)', 'Paramed Home Health Care (Moncton)', ['860 Mountain Road', '860, chemin Mountain'], 'Moncton', 'E1C 2R9', '506-854-4949', 46.1014, -64.7960, false],
  ['home_support_agency', 'sample-hsa-bathurst', 'Chaleur Home Support (sample)', 'Soutien à domicile Chaleur (exemple)', ['275 Main Street', '275, rue Main'], 'Bathurst', 'E2A 1A9', '506-555-0141', 47.6181, -65.6502, true],
  ['home_support_agency', 'sample-hsa-edmundston', 'Madawaska Home Support (sample)', 'Soutien à domicile Madawaska (exemple)', ['121 Church Street', '121, rue de l’Église'], 'Edmundston', 'E3V 1J9', '506-555-0142', 47.3650, -68.3270, true],
  ['home_support_agency', 'sample-hsa-tracadie', 'Acadian Peninsula Home Support Co-op (sample)', 'Coopérative de soutien à domicile de la Péninsule (exemple)', ['3400 Principale Street', '3400, rue Principale'], 'Tracadie', 'E1X 1C7', '506-555-0143', 47.5133, -64.9131, true],
  ['home_support_agency', 'sample-hsa-miramichi', 'Miramichi Valley Home Support (sample)', 'Soutien à domicile de la vallée de la Miramichi (exemple)', ['139 Douglastown Boulevard', '139, boulevard Douglastown'], 'Miramichi', 'E1V 0A4', '506-555-0144', 47.0194, -65.5247, true],
  ['home_support_agency', 'sample-hsa-woodstock', 'Carleton County Home Support (sample)', 'Soutien à domicile du comté de Carleton (exemple)', ['680 Main Street', '680, rue Main'], 'Woodstock', 'E7M 2E1', '506-555-0145', 46.1502, -67.5855, true],
  ['home_support_agency', 'sample-hsa-hampton', 'Kings County Home Support (sample)', 'Soutien à domicile du comté de Kings (exemple)', ['27 Centennial Road', '27, chemin Centennial'], 'Hampton', 'E5N 6N3', '506-555-0146', 45.5297, -65.8437, true],
  // Meals on Wheels
  ['meals_on_wheels', 'mow-fredericton', 'Meals on Wheels of Fredericton', 'Popote roulante de Fredericton', ['1015 Regent Street', '1015, rue Regent'], 'Fredericton', 'E3B 6H5', '506-452-9482', 45.9402, -66.6546, false],
  ['meals_on_wheels', 'mow-saint-john', 'Meals on Wheels Saint John', 'Popote roulante de Saint John', ['24 Coburg Street', '24, rue Coburg'], 'Saint John', 'E2L 3J5', '506-633-6307', 45.2766, -66.0587, false],
  ['meals_on_wheels', 'mow-moncton', 'Meals on Wheels of Greater Moncton', 'Popote roulante du Grand Moncton', ['22 Church Street', '22, rue Church'], 'Moncton', 'E1C 4Z3', '506-855-3888', 46.0907, -64.7745, false],
  ['meals_on_wheels', 'mow-sackville', 'Sackville Meals on Wheels', 'Popote roulante de Sackville', ['112 Main Street', '112, rue Main'], 'Sackville', 'E4L 4B1', '506-364-0456', 45.8981, -64.3685, false],
  ['meals_on_wheels', 'mow-sussex', 'Sussex Meals on Wheels', 'Popote roulante de Sussex', ['44 Church Avenue', '44, avenue Church'], 'Sussex', 'E4E 1Y1', '506-433-6006', 45.7236, -65.5111, false],
  ['meals_on_wheels', 'sample-mow-bathurst', 'Bathurst Meals on Wheels (sample)', 'Popote roulante de Bathurst (exemple)', ['180 St. George Street', '180, rue St. George'], 'Bathurst', 'E2A 1B6', '506-555-0151', 47.6171, -65.6566, true],
  ['meals_on_wheels', 'sample-mow-edmundston', 'Edmundston Meals on Wheels (sample)', 'Popote roulante d’Edmundston (exemple)', ['45 Victoria Street', '45, rue Victoria'], 'Edmundston', 'E3V 2H6', '506-555-0152', 47.3687, -68.3235, true],
  ['meals_on_wheels', 'sample-mow-campbellton', 'Restigouche Meals on Wheels (sample)', 'Popote roulante du Restigouche (exemple)', ['157 Water Street', '157, rue Water'], 'Campbellton', 'E3N 1B2', '506-555-0153', 48.0068, -66.6701, true],
  ['meals_on_wheels', 'sample-mow-shediac', 'Shediac Meals on Wheels (sample)', 'Popote roulante de Shediac (exemple)', ['290 Main Street', '290, rue Main'], 'Shediac', 'E4P 2E3', '506-555-0154', 46.2189, -64.5361, true],
  ['meals_on_wheels', 'sample-mow-richibucto', 'Kent Meals on Wheels (sample)', 'Popote roulante de Kent (exemple)', ['9235 Main Street', '9235, rue Main'], 'Richibucto', 'E4W 4B4', '506-555-0155', 46.6806, -64.8695, true],
];
