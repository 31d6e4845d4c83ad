"""The presets' names and summaries in Spanish and German (their ``names`` and ``summaries``).

Written with the words each table uses, as the published rules in each language do (see the
rule book's note on words): Spanish *trío*, *escala* (*escalera* in Spain and Mexico's
Continental), *comodín*, *bajarse*, *mano*, *ronda*, *comprar*; German *Satz*, *Folge*,
*Joker*, *auslegen*, *anlegen*, *Runde*, *kaufen*. The sources a summary cites keep their
own titles.
"""

from __future__ import annotations

from typing import Any

from .language import N_

# id -> language -> (name, summary)
PRESET_TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "liverpool": {
        "es": (
            "Liverpool Rummy",
            "Siete rondas de diez cartas, de dos tríos a tres escalas; en la última hay que "
            "bajarse con todas las cartas, sin descarte. Los jokers son comodines: un trío "
            "necesita dos cartas naturales y una escala tres. Se puede comprar el descarte "
            "fuera de turno con una carta de castigo (primero el jugador más cercano), pero no "
            "después de bajarse. Ases 15, jokers 20, del 2 al 9 cinco, dieces y figuras diez. "
            "Quien corta justo las cartas del reparto se quita 50 puntos.",
        ),
        "de": (
            "Liverpool-Rommé",
            "Sieben Runden mit zehn Karten, von zwei Sätzen bis zu drei Folgen; in der letzten "
            "Runde wird mit allen Karten ausgelegt, ohne Abwurf. Joker sind frei einsetzbar: "
            "Ein Satz braucht zwei echte Karten, eine Folge drei. Den Abwurf kauft man außer der "
            "Reihe mit einer Strafkarte (der Nächste zuerst), aber nicht mehr nach dem "
            "Auslegen. Asse 15, Joker 20, 2 bis 9 fünf, Zehnen und Bilder zehn. Wer beim "
            "Abheben genau die Karten für das Geben abhebt, bekommt 50 Punkte abgezogen.",
        ),
    },
    "liverpool-11": {
        "es": (
            "Liverpool Rummy, 11 cartas",
            "Los siete contratos del Liverpool con once cartas en cada ronda; en la última hay "
            "que bajarse con todas. Dos barajas y cuatro jokers hasta cuatro jugadores, tres "
            "barajas y seis jokers para más. Ases y jokers 15, figuras 10, las demás cartas su "
            "valor. Sin bono por corte.",
        ),
        "de": (
            "Liverpool-Rommé, 11 Karten",
            "Die sieben Liverpool-Kontrakte mit elf Karten in jeder Runde; in der letzten wird "
            "komplett ausgelegt. Zwei Kartenspiele und vier Joker für bis zu vier Spieler, drei "
            "Kartenspiele und sechs Joker für mehr. Asse und Joker 15, Bilder 10, die übrigen "
            "Karten ihr Augenwert. Kein Abhebebonus.",
        ),
    },
    "contract-rummy": {
        "es": (
            "Rummy de contratos",
            "Siete contratos, diez cartas en las rondas 1 a 4 y doce en las 5 a 7. Las "
            "combinaciones del contrato son de tres o cuatro cartas justas (salvo en la última "
            "ronda, en la que se bajan todas), y no se puede acomodar cartas en el turno en que "
            "uno se baja. Los jokers, uno menos que jugadores, son comodines; un joker en un "
            "trío queda muerto. Una compra por turno con carta de castigo. Jokers 25, ases 15, "
            "figuras 10, las demás su valor.",
        ),
        "de": (
            "Kontrakt-Rommé",
            "Sieben Kontrakte, zehn Karten in den Runden 1 bis 4 und zwölf in 5 bis 7. Die "
            "Meldungen des Kontrakts haben genau drei oder vier Karten (außer in der letzten "
            "Runde, in der alle Karten ausgelegt werden), und im Zug des Auslegens darf man "
            "nicht anlegen. Die Joker, einer weniger als Spieler, sind frei einsetzbar; ein "
            "Joker in einem Satz bleibt liegen. Ein Kauf pro Zug mit Strafkarte. Joker 25, "
            "Asse 15, Bilder 10, die übrigen Karten ihr Augenwert.",
        ),
    },
    "deuces-six": {
        "es": (
            "Doses comodín en seis rondas",
            "Seis rondas de diez cartas con los doses como comodines y sin jokers. Los tríos "
            "son de tres o cuatro cartas de palos distintos. La ronda 5 termina con una carta "
            "para descartar; en la 6 hay que bajarse con todas. Se compran tantos descartes "
            "como se quiera. Ases y doses 25, del 3 al 9 cinco, dieces y figuras diez.",
        ),
        "de": (
            "Zweien-Joker in sechs Runden",
            "Sechs Runden mit zehn Karten, die Zweien als Joker und ohne echte Joker. Sätze "
            "haben drei oder vier Karten verschiedener Farben. Runde 5 endet mit einer Karte "
            "zum Abwerfen; in Runde 6 wird mit allen Karten ausgelegt. Man kauft so viele "
            "Abwürfe, wie man will. Asse und Zweien 25, 3 bis 9 fünf, Zehnen und Bilder zehn.",
        ),
    },
    "family": {
        "es": (
            "Liverpool en familia",
            "Las reglas de la casa de una familia: siete contratos, diez cartas en las manos 1 "
            "a 4 y doce en las 5 a 7, tres jugadores o más. Tríos y escalas necesitan solo dos "
            "cartas naturales, y dos escalas del mismo palo pueden solaparse o ir separadas, "
            "pero no tocarse. No se compra en la ronda 1; después el siguiente jugador toma el "
            "descarte gratis y los demás compran con carta de castigo. Ases y jokers 15, "
            "figuras 10, las demás su valor.",
        ),
        "de": (
            "Familien-Liverpool",
            "Die Hausregeln einer Familie: sieben Kontrakte, zehn Karten in den Runden 1 bis 4 "
            "und zwölf in 5 bis 7, ab drei Spielern. Sätze und Folgen brauchen nur zwei echte "
            "Karten, und zwei Folgen derselben Farbe dürfen sich überschneiden oder getrennt "
            "liegen, aber nicht berühren. In Runde 1 wird nicht gekauft; danach nimmt der "
            "nächste Spieler den Abwurf umsonst, und die anderen kaufen mit Strafkarte. Asse "
            "und Joker 15, Bilder 10, die übrigen Karten ihr Augenwert.",
        ),
    },
    "shanghai": {
        "es": (
            "Shanghai Rummy",
            "Diez rondas de once cartas cuyos contratos crecen hasta una escala de diez y tres "
            "escalas de cinco. Hasta 3 compras por ronda (4 en las rondas 9 y 10), cada una con "
            "carta de castigo. Los jokers, uno menos que jugadores, son comodines, y nunca hay "
            "más en una combinación que cartas naturales. Cada carta del 2 al 10 que queda en "
            "la mano cuenta 5, las figuras 10, ases y jokers 15. Fuente: “Shanghai Rummy”, "
            "Rummy Rule Book, https://www.rummyrulebook.com/pages/contract-shanghai/.",
        ),
        "de": (
            "Shanghai-Rommé",
            "Zehn Runden mit elf Karten, deren Kontrakte bis zu einer Folge aus zehn und drei "
            "Folgen aus fünf wachsen. Bis zu 3 Käufe pro Runde (4 in den Runden 9 und 10), "
            "jeder mit Strafkarte. Die Joker, einer weniger als Spieler, sind frei einsetzbar, "
            "nie mehr davon in einer Meldung als echte Karten. Jede 2 bis 10 auf der Hand zählt "
            "5, Bilder 10, Asse und Joker 15. Quelle: „Shanghai Rummy“, Rummy Rule Book, "
            "https://www.rummyrulebook.com/pages/contract-shanghai/.",
        ),
    },
    "may-i": {
        "es": (
            "¿Puedo? (Onze)",
            "Siete contratos, once cartas repartidas (trece en la última ronda). Jokers y doses "
            "son comodines, y una combinación nunca lleva más comodines que cartas naturales. "
            "Di «¿Puedo?» para tomar el descarte fuera de turno con carta de castigo, como mucho "
            "3 veces por ronda; en un empate gana el jugador más cercano. Jokers y doses 25, "
            "ases 15, figuras 10, las demás su valor. Fuente: “Onze”, The Bear Knows Best, "
            "http://thebearknowsbest.com/onze/.",
        ),
        "de": (
            "Darf ich? (Onze)",
            "Sieben Kontrakte, elf Karten gegeben (dreizehn in der letzten Runde). Joker und "
            "Zweien sind frei einsetzbar, und eine Meldung hat nie mehr Joker als echte Karten. "
            "Mit „Darf ich?“ nimmt man den Abwurf außer der Reihe mit Strafkarte, höchstens 3-mal "
            "pro Runde; bei Gleichstand gewinnt der Nächste. Joker und Zweien 25, Asse 15, "
            "Bilder 10, die übrigen Karten ihr Augenwert. Quelle: „Onze“, The Bear Knows Best, "
            "http://thebearknowsbest.com/onze/.",
        ),
    },
    "ten-phase": {
        "es": (
            "Diez fases (cartas normales)",
            "El juego de las diez fases con dos barajas normales (tres para siete u ocho "
            "jugadores) y diez cartas por mano. Cada jugador juega su propia fase y sube una al "
            "completarla: 2 tríos de 3; un trío de 3 y una escala de 4; un trío de 4 y una "
            "escala de 4; una escala de 7, de 8, de 9; 2 tríos de 4; 7 cartas de un palo; un "
            "trío de 5 y uno de 2; un trío de 5 y uno de 3. Las escalas pueden mezclar palos; "
            "los reyes son comodines y los ases bajos; cada combinación necesita una carta "
            "natural. La mano en la que un jugador completa la fase 10 termina la partida, y "
            "gana el total más bajo entre quienes la completaron. Del A al 9 cuentan 5, 10 J Q "
            "10, los reyes 25. Fuentes: “How to play Phase 10 with regular cards”, "
            "https://unogamerules.com/how-to-play-phase-10-with-regular-cards/; “Phase Ten card "
            "game instructions”, http://ourpastimes.com/phase-ten-card-game-instructions-5405730"
            ".html; la puntuación y el empate en la fase 10, "
            "http://www.gilbertandevans.com/game17/1/index.php?id=462.",
        ),
        "de": (
            "Zehn Phasen (normale Karten)",
            "Das Spiel der zehn Phasen mit zwei normalen Kartenspielen (drei für sieben oder "
            "acht Spieler) und zehn Karten pro Durchgang. Jeder Spieler spielt seine eigene "
            "Phase und rückt eine vor, wenn er sie erfüllt: 2 Sätze aus 3; ein Satz aus 3 und "
            "eine Folge aus 4; ein Satz aus 4 und eine Folge aus 4; eine Folge aus 7, aus 8, aus "
            "9; 2 Sätze aus 4; 7 Karten einer Farbe; ein Satz aus 5 und einer aus 2; ein Satz "
            "aus 5 und einer aus 3. Folgen dürfen Farben mischen; Könige sind Joker und Asse "
            "niedrig; jede Meldung braucht eine echte Karte. Der Durchgang, in dem ein Spieler "
            "Phase 10 erfüllt, beendet das Spiel, und von diesen gewinnt die niedrigste Summe. "
            "A bis 9 zählen 5, 10 B D 10, Könige 25. Quellen: „How to play Phase 10 with "
            "regular cards“, https://unogamerules.com/how-to-play-phase-10-with-regular-cards/; "
            "„Phase Ten card game instructions“, http://ourpastimes.com/phase-ten-card-game-"
            "instructions-5405730.html; Wertung und Gleichstand in Phase 10, "
            "http://www.gilbertandevans.com/game17/1/index.php?id=462.",
        ),
    },
    "carioca": {
        "es": (
            "Carioca (Chile)",
            "Ocho rondas de doce cartas: 2 tríos; un trío y una escala; 2 escalas; 3 tríos; 2 "
            "tríos y una escala; un trío y 2 escalas; 3 escalas; 4 tríos. Un trío son 3 o más "
            "cartas de un mismo valor, una escala 4 o más seguidas de un mismo palo, y una "
            "escala puede dar la vuelta (Q K A 2). Los tríos de una bajada son de valores "
            "distintos; una combinación se baja con un comodín como mucho, y dos comodines nunca "
            "van juntos. Combinaciones de más solo de los tipos de la ronda; no se pega en el "
            "turno en que uno se baja; no se compra del pozo: se bota una carta al final de cada "
            "turno, y quien se va con todas sus cartas cierra la ronda. Bajarse y cerrar en el "
            "mismo turno resta 10 puntos. Ases 20, jokers 30, figuras 10, las demás su valor. "
            "Fuentes: “Carioca”, "
            "https://xanimaniax.foroes.org/t394-carioca; "
            "“Carioca”, https://www.playginrummyonline.com/rummy-variations/carioca/.",
        ),
        "de": (
            "Carioca (Chile)",
            "Acht Runden mit zwölf Karten: 2 Sätze; ein Satz und eine Folge; 2 Folgen; 3 Sätze; "
            "2 Sätze und eine Folge; ein Satz und 2 Folgen; 3 Folgen; 4 Sätze. Ein Satz sind 3 "
            "oder mehr Karten eines Wertes (trío), eine Folge 4 oder mehr aufeinanderfolgende "
            "einer Farbe (escala), und eine Folge darf ums Eck gehen (Q K A 2). Die Sätze einer "
            "Auslage haben verschiedene Werte; eine Meldung wird mit höchstens einem Joker "
            "ausgelegt, und zwei Joker liegen nie nebeneinander. Zusätzliche Meldungen nur der "
            "Arten der Runde; im Zug des Auslegens wird nicht angelegt; kein Kaufen. Wer in einem "
            "Zug auslegt und ausgeht, bekommt 10 Punkte abgezogen. Asse 20, Joker 30, Bilder "
            "10, die übrigen Karten ihr Augenwert. Quellen: „Carioca“, "
            "https://xanimaniax.foroes.org/t394-carioca; „Carioca“, "
            "https://www.playginrummyonline.com/rummy-variations/carioca/.",
        ),
    },
    "carioca-english": {
        "es": (
            "Carioca (de Perla, en inglés)",
            "La Carioca de Perla, la versión contada en inglés: ocho rondas de once cartas, "
            "trece en la última, en la que uno se baja con todas. Los contratos: 2 tríos; un "
            "trío y una escala; 2 escalas; 3 tríos; 2 tríos y una escala; un trío y 2 escalas; "
            "3 escalas; 4 tríos. Un trío son 3 o más cartas de un mismo valor, una escala 4 o "
            "más seguidas de un mismo palo; el as va arriba o abajo, nunca las dos cosas (una "
            "escala no da la vuelta). Dos barajas y cuatro jokers. Se puede robar el descarte "
            "cuando los jugadores anteriores pasan: +2 puntos por cada carta robada. Quien "
            "corta justo las cartas del reparto se quita 10 puntos; quien se baja y cierra de "
            "una vez suma -30. Ases 20, jokers 30, figuras 10, las demás su valor. Fuente: "
            "“Carioca (card game)”, Wikipedia en inglés, "
            "https://en.wikipedia.org/wiki/Carioca_(card_game).",
        ),
        "de": (
            "Carioca (Perlas, englisch)",
            "Perlas Carioca, die auf Englisch beschriebene Fassung: acht Runden mit elf Karten, "
            "dreizehn in der letzten, in der alle Karten ausgelegt werden. Die Kontrakte: 2 "
            "Sätze; ein Satz und eine Folge; 2 Folgen; 3 Sätze; 2 Sätze und eine Folge; ein Satz "
            "und 2 Folgen; 3 Folgen; 4 Sätze. Ein Satz sind 3 oder mehr Karten eines Wertes, "
            "eine Folge 4 oder mehr aufeinanderfolgende einer Farbe; Asse hoch oder niedrig, "
            "nie beides (eine Folge geht nie ums Eck). Zwei Kartenspiele und vier Joker. Den "
            "Abwurf darf stehlen, wem die Spieler davor ihn lassen: +2 Punkte für jede "
            "gestohlene Karte. Wer genau die Karten für das Geben abhebt, bekommt 10 Punkte "
            "abgezogen; wer auf einmal auslegt und ausgeht, bekommt -30. Asse 20, Joker 30, "
            "Bilder 10, die übrigen Karten ihr Augenwert. Quelle: „Carioca (card game)“, "
            "englische Wikipedia, https://en.wikipedia.org/wiki/Carioca_(card_game).",
        ),
    },
    "ten-phase-even": {
        "es": (
            "Diez fases, solo las pares",
            "La variante corta oficial del juego de diez fases: solo las fases pares, 2, 4, 6, "
            "8 y 10, en orden (un trío de 3 y una escala de 4; una escala de 7; una escala de "
            "9; 7 cartas de un palo; un trío de 5 y un trío de 3). Todo lo demás como el juego "
            "de diez fases con cartas normales. Fuente: las reglas de Phase 10 de "
            "Fundex/Mattel, «Variaciones: solo las fases pares o impares».",
        ),
        "de": (
            "Zehn Phasen, nur die geraden",
            "Die offizielle kurze Variante des Zehn-Phasen-Spiels: nur die geraden Phasen, 2, "
            "4, 6, 8 und 10, der Reihe nach (ein Satz aus 3 und eine Folge aus 4; eine Folge "
            "aus 7; eine Folge aus 9; 7 Karten einer Farbe; ein Satz aus 5 und ein Satz aus 3). "
            "Alles andere wie im Zehn-Phasen-Spiel mit normalen Karten. Quelle: die Phase-10-"
            "Regeln von Fundex/Mattel, „Varianten: nur gerade oder ungerade Phasen“.",
        ),
    },
    "ten-phase-odd": {
        "es": (
            "Diez fases, solo las impares",
            "La variante corta oficial del juego de diez fases: solo las fases impares, 1, 3, "
            "5, 7 y 9, en orden (2 tríos de 3; un trío de 4 y una escala de 4; una escala de "
            "8; 2 tríos de 4; un trío de 5 y un trío de 2). Todo lo demás como el juego de diez "
            "fases con cartas normales. Fuente: las reglas de Phase 10 de Fundex/Mattel, "
            "«Variaciones: solo las fases pares o impares».",
        ),
        "de": (
            "Zehn Phasen, nur die ungeraden",
            "Die offizielle kurze Variante des Zehn-Phasen-Spiels: nur die ungeraden Phasen, "
            "1, 3, 5, 7 und 9, der Reihe nach (2 Sätze aus 3; ein Satz aus 4 und eine Folge aus "
            "4; eine Folge aus 8; 2 Sätze aus 4; ein Satz aus 5 und ein Satz aus 2). Alles "
            "andere wie im Zehn-Phasen-Spiel mit normalen Karten. Quelle: die Phase-10-Regeln "
            "von Fundex/Mattel, „Varianten: nur gerade oder ungerade Phasen“.",
        ),
    },
    "continental": {
        "es": (
            "Continental (España, México)",
            "Siete manos, con una carta más de las que pide cada contrato: 2 tríos (7 cartas); "
            "un trío y una escalera (8); 2 escaleras (9); 3 tríos (10); 2 tríos y una escalera "
            "(11); un trío y 2 escaleras (12); 3 escaleras (13). Un trío son 3 o más cartas de "
            "un mismo valor, una escalera 4 o más seguidas de un mismo palo, y el as puede ir "
            "en cualquier sitio, incluso entre el rey y el 2; dos jokers nunca van juntos en "
            "una escalera. Dos barajas y seis jokers. Se toma un descarte fuera de turno con "
            "carta de castigo, primero el jugador más cercano. Bajarse y cerrar en el mismo turno "
            "resta 10 puntos. Jokers 50, ases 20, figuras 10, "
            "las demás su valor. Fuentes: “Continental (juego)”, "
            "https://es.wikipedia.org/wiki/Continental_(juego); “Continental”, "
            "https://es.stringtranslate.com/wiki/Continental_(juego); "
            "https://skylin.es/continental.",
        ),
        "de": (
            "Continental (Spanien, Mexiko)",
            "Sieben Durchgänge, mit einer Karte mehr, als jeder Kontrakt braucht: 2 Sätze (7 "
            "Karten); ein Satz und eine Folge (8); 2 Folgen (9); 3 Sätze (10); 2 Sätze und eine "
            "Folge (11); ein Satz und 2 Folgen (12); 3 Folgen (13). Ein Satz sind 3 oder mehr "
            "Karten eines Wertes, eine Folge 4 oder mehr aufeinanderfolgende einer Farbe, und "
            "das Ass darf überall stehen, sogar zwischen König und 2; zwei Joker liegen in einer "
            "Folge nie nebeneinander. Zwei Kartenspiele und sechs Joker. Einen Abwurf nimmt man "
            "außer der Reihe mit Strafkarte, der Nächste zuerst. Wer in einem Zug auslegt und "
            "ausgeht, bekommt 10 Punkte abgezogen. Joker 50, Asse 20, Bilder 10, "
            "die übrigen Karten ihr Augenwert. Quellen: „Continental (juego)“, "
            "https://es.wikipedia.org/wiki/Continental_(juego); „Continental“, "
            "https://es.stringtranslate.com/wiki/Continental_(juego); "
            "https://skylin.es/continental.",
        ),
    },
    "kalooki": {
        "es": (
            "Kalooki (Jamaica)",
            "Nueve contratos de tríos (3 o más de un valor, dos de ellos naturales) y "
            "escaleras (4 o más seguidas de un palo), de 3 tríos a 4 escaleras, repartiendo "
            "justo las cartas que pide cada contrato: 9, 10, 11, 12, 12, 13, 14, 15, 16. Los "
            "tríos de una bajada son de valores distintos y sus escaleras de palos distintos; "
            "el as va arriba o abajo, nunca las dos cosas; dos jokers nunca van juntos en una "
            "escalera, y un joker bajado no se recupera. Dos barajas y cuatro jokers para 3-4 "
            "jugadores, tres y ocho para 5-6, cuatro y diez para 7-8. Un jugador que aún no se "
            "ha bajado puede pedir el descarte con carta de castigo. Jokers 50, ases negros 15, "
            "ases rojos 1, figuras 10, las demás su valor. Fuentes: “Kalooki”, "
            "https://en.wikipedia.org/wiki/Kalooki; “Kalooki (Caribbean)”, "
            "https://gamerules.com/rules/kalooki-caribbean/; https://www.denexa.com/blog/kalooki.",
        ),
        "de": (
            "Kalooki (Jamaika)",
            "Neun Kontrakte aus Sätzen (3 oder mehr eines Wertes, zwei davon echt) und Folgen "
            "(4 oder mehr aufeinanderfolgende einer Farbe), von 3 Sätzen bis 4 Folgen, mit genau "
            "den Karten gegeben, die jeder Kontrakt braucht: 9, 10, 11, 12, 12, 13, 14, 15, 16. "
            "Die Sätze einer Auslage haben verschiedene Werte und ihre Folgen verschiedene "
            "Farben; Asse hoch oder niedrig, nie beides; zwei Joker liegen in einer Folge nie "
            "nebeneinander, und ein ausgelegter Joker wird nie zurückgenommen. Zwei "
            "Kartenspiele und vier Joker für 3-4 Spieler, drei und acht für 5-6, vier und zehn "
            "für 7-8. Wer noch nicht ausgelegt hat, darf den Abwurf mit Strafkarte verlangen. "
            "Joker 50, schwarze Asse 15, rote Asse 1, Bilder 10, die übrigen Karten ihr "
            "Augenwert. Quellen: „Kalooki“, https://en.wikipedia.org/wiki/Kalooki; „Kalooki "
            "(Caribbean)“, https://gamerules.com/rules/kalooki-caribbean/; "
            "https://www.denexa.com/blog/kalooki.",
        ),
    },
    "rommi": {
        "es": (
            "Shanghai (Finlandia)",
            "El rummy de contratos finlandés, que las mesas finlandesas llaman Shanghai (no el "
            "Rommé, un rummy sin contratos). Siete rondas de once cartas: 2 tríos; un "
            "trío y una escala; 2 escalas; 3 tríos; 2 tríos y una escala; un trío y 2 escalas; "
            "después 3 escalas con trece cartas, bajándose con todas. Dos barajas y cuatro "
            "jokers, que son comodines. Se pide un descarte fuera de turno con carta de "
            "castigo, como mucho 3 veces por ronda. Jokers 25, ases 15, figuras 10, las demás "
            "su valor. Fuentes: “Shanghai (peli)”, Wikipedia en finés, "
            "https://fi.m.wikipedia.org/wiki/Toiminnot:MobileDiff/15754170; las reglas de un "
            "programa finlandés de Shanghai, https://github.com/SirVeggie/shanghai-cardgame.",
        ),
        "de": (
            "Shanghai (Finnland)",
            "Das finnische Kontrakt-Rommé, das finnische Runden Shanghai nennen (nicht Rommé, "
            "das ohne Kontrakte gespielt wird). Sieben Runden mit elf Karten: 2 Sätze; ein Satz "
            "und "
            "eine Folge; 2 Folgen; 3 Sätze; 2 Sätze und eine Folge; ein Satz und 2 Folgen; dann "
            "3 Folgen mit dreizehn Karten, komplett ausgelegt. Zwei Kartenspiele und vier Joker, "
            "frei einsetzbar. Einen Abwurf verlangt man außer der Reihe mit Strafkarte, "
            "höchstens 3-mal pro Runde. Joker 25, Asse 15, Bilder 10, die übrigen Karten ihr "
            "Augenwert. Quellen: „Shanghai (peli)“, finnische Wikipedia, "
            "https://fi.m.wikipedia.org/wiki/Toiminnot:MobileDiff/15754170; die Regeln eines "
            "finnischen Shanghai-Programms, https://github.com/SirVeggie/shanghai-cardgame.",
        ),
    },
}


# The presets' sources (their ``source``), marked for the catalogues: a rules page says
# ``_(rules.source)``, so a preset's source line reads in the reader's language, and a rule
# set's own source (typed in the builder) stays as it was written.
PRESET_SOURCES = (
    N_("a web overview of Liverpool Rummy, its encyclopedia-style section"),
    N_("a web overview of Liverpool Rummy, its description of an online game"),
    N_("a family's Contract Rummy score sheet and its optional rules, published on the web"),
    N_("a web page describing a six-round Liverpool Rummy with the 2s wild"),
    N_("one family's house rules, from the blog post “The Rules of Liverpool”"),
    N_("the Shanghai Rummy page of the Rummy Rule Book website (rummyrulebook.com)"),
    N_("the rules of Onze, a “May I?” game, on the family games blog The Bear Knows Best"),
    N_("the published ways to play the ten-phase game with two standard decks"),
    N_("the official Phase 10 rules' variation: even phases only"),
    N_("the official Phase 10 rules' variation: odd phases only"),
    N_("the Chilean rules of Carioca published on the web"),
    N_("Perla's Cariocas, the version of the English Wikipedia article “Carioca (card game)”"),
    N_("the Spanish-language rules of Continental (continental clásico)"),
    N_("the published rules of Jamaican Kalooki"),
    N_("the Finnish Wikipedia article on Shanghai and a Finnish Shanghai program"),
)


def texts_in_languages(preset_id: str) -> dict[str, Any]:
    """The ``names`` and ``summaries`` fields of a preset (pairs in language-code order).

    >>> texts_in_languages("carioca")["names"]
    (('de', 'Carioca (Chile)'), ('es', 'Carioca (Chile)'))
    """
    texts = PRESET_TEXTS.get(preset_id, {})
    return {
        "names": tuple((code, texts[code][0]) for code in sorted(texts)),
        "summaries": tuple((code, texts[code][1]) for code in sorted(texts)),
    }
