TRANSLATIONS: dict[str, LocaleTexts] = {
    "de": LocaleTexts(
        codes={
            "invalid_input": (
                "Argument '{field}' ist fehlerhaft oder liegt außerhalb der zulässigen Werte",
                "Ungültige Eingabe",
                "„Dieses Argument ist fehlerhaft oder nicht zulässig – setzen Sie es auf einen aufgeführten Wert“",
                "Setzen Sie das Argument auf einen der aufgeführten zulässigen Werte (oder in den angegebenen Bereich) und rufen Sie das Tool erneut auf.",
            ),
            "missing_field": (
                "Die erforderliche Eingabe '{field}' fehlt",
                "Fehlendes Feld",
                "„Geben Sie die aufgeführten Pflichtfelder an“",
                "Geben Sie alle aufgeführten Pflichtfelder an und rufen Sie das Tool erneut auf.",
            ),
            "unsupported_option": (
                "Die Überschreibung '{field}' ist kein bekannter Parameter der variablen Ebene",
                "Nicht unterstützte Option",
                "„Diese Überschreibung ist kein bekannter Parameter der variablen Ebene – wählen Sie einen aufgeführten“",
                "Wählen Sie für die Überschreibung einen der aufgeführten Parameter der variablen Ebene.",
            ),
            "strict_constant_override": (
                "'{field}' ist eine vom BA verwaltete strikte Konstante und kann nicht pro Aufruf überschrieben werden",
                "Überschriebene strikte Konstante",
                "„Dieser Wert wird vom BA verwaltet und kann nicht pro Aufruf überschrieben werden – setzen Sie stattdessen einen aufgeführten Parameter der variablen Ebene“",
                "Entfernen Sie die strikte Konstante aus dem Aufruf und setzen Sie stattdessen einen der aufgeführten Parameter der variablen Ebene.",
            ),
            "stale_oracle": (
                "Der Orakelwert für '{field}' ist veraltet",
                "Veralteter Orakelwert",
                "„Der Referenzwert ist veraltet – aktualisieren Sie ihn, bevor Sie sich auf das Ergebnis verlassen“",
                "Aktualisieren Sie das Orakel und rufen Sie das Tool dann erneut auf.",
            ),
            "unapproved_assumption": (
                "Die Annahme '{field}' wurde nicht genehmigt",
                "Nicht genehmigte Annahme",
                "„Dieses Ergebnis beruht auf einer nicht genehmigten Annahme – lassen Sie sie zuerst genehmigen“",
                "Bitten Sie den Business Analyst (BA), die Annahme zu genehmigen.",
            ),
        },
        fields={
            "field": "Das Eingabeargument (oder die Überschreibung), um das es im Fehler geht.",
            "allowed": "Die Werte, die das Argument annehmen darf; wählen Sie einen davon.",
            "required": "Die erforderlichen Eingabefelder, die angegeben werden müssen.",
            "range": "Die Grenzen (einschließlich), innerhalb derer der Zahlenwert liegen muss.",
        },
    ),
}
