import json
def b(t,p,v=None):
    e={"t":t,"p":p}
    if v is not None: e["v"]=v
    return {"ev":e}
def ev(e, refused=None):
    d={"ev":e}
    if refused: d["refused"]=refused
    return d
cases=[]
# 1
basic=[b("raise",1,3),b("call",2),b("fold",3),b("call",0),
       ev({"t":"predict","p":3,"on":1,"v":2}), ev({"t":"sign","minus":False}),
       b("check",0),b("raise",1,5),b("fold",2),b("call",0),
       ev({"t":"judge","small":True}), b("check",0), b("check",1), ev({"t":"win","p":[1]})]
cases.append({"name":"basic round, 4 players, hand-computed","game":"kakehiki","seats":4,"steps":basic,
  "expect":{"hold":[13,28,15,18],"success":[0,0,0,2],"pot":4,"round":2,"parent":1,"phase":"select","turn":2,
            "judge_shuffles":1,"judge_seen":0,"sign_seen":1,"sign_shuffles":0,"dial":[0,1,0,0]},
  "outcomes":[{"round":1,"winners":[1],"share":10,"preds":[{"by":3,"on":1,"v":2,"res":"won","got":2}],
               "net":[-6,9,-4,1],"judge_shuffle":True,"sign_shuffle":False}]})
# 2 refusals
cases.append({"name":"refusals in selection leave state unchanged","game":"kakehiki","seats":3,"settings":{"start":5},
 "steps":[b("raise",2,3,) | {"refused":"E_NOT_TURN"}, b("raise",1,1)|{"refused":"E_RAISE_LOW"},
          b("raise",1,10)|{"refused":"E_DIAL_MAX"}, b("raise",1,5)|{"refused":"E_OVER_HOLD"},
          ev({"t":"predict","p":1,"on":0,"v":1},"E_PHASE"), ev({"t":"win","p":[1]},"E_PHASE"),
          ev({"t":"sign","minus":True},"E_PHASE"), ev({"t":"bogus"},"E_BAD_EVENT"),
          b("raise",7,2)|{"refused":"E_BAD_SEAT"}, b("raise",1,-1)|{"refused":"E_BAD_VALUE"},
          b("raise",1,4)],
 "expect":{"hold":[4,4,4],"dial":[1,4,0],"pot":3,"turn":2,"phase":"select","acted":[False,True,False]}})
# 3 all fold in select
cases.append({"name":"all but one fold in selection: reveal both decks, parent wins the fees","game":"kakehiki","seats":3,
 "steps":[b("fold",1),b("fold",2), b("call",0)|{"refused":"E_PHASE"}, ev({"t":"win","p":[0]},"E_PHASE"),
          ev({"t":"sign","minus":True}), ev({"t":"sign","minus":True},"E_ALREADY_REVEALED"), ev({"t":"judge","small":False})],
 "expect":{"hold":[21,18,18],"pot":3,"round":2,"parent":1,"turn":2,"sign_shuffles":1,"sign_seen":0,"judge_seen":1,"judge_shuffles":0,"success":[0,0,0]},
 "outcomes":[{"winners":[0],"share":3,"sign_shuffle":True,"judge_shuffle":False}]})
# 4 cannot cover
cases.append({"name":"a player who cannot cover the top dial may only fold; game ends at 1 dango or fewer","game":"kakehiki","seats":3,"settings":{"start":10},
 "steps":[b("raise",1,2),b("call",2),b("call",0), ev({"t":"sign","minus":False}), b("check",0),b("check",1),b("check",2),
          ev({"t":"judge","small":False}), b("check",0),b("check",1),b("check",2), ev({"t":"win","p":[1]}),
          b("raise",2,6), b("raise",0,7)|{"refused":"E_OVER_HOLD"}, b("check",0), b("raise",1,9),
          b("check",2)|{"refused":"E_CANT_COVER"}, b("call",2)|{"refused":"E_CANT_COVER"}, b("raise",2,9)|{"refused":"E_RAISE_LOW"}, b("raise",2,10)|{"refused":"E_DIAL_MAX"},
          b("fold",2), b("check",0)|{"refused":"E_CANT_COVER"}, b("fold",0),
          ev({"t":"judge","small":False}), ev({"t":"sign","minus":False}),
          ev({"t":"judge","small":False},"E_GAME_OVER")],
 "expect":{"hold":[6,24,0],"pot":0,"phase":"over","over":"dango","success":[0,0,0],"sign_seen":2,"judge_seen":2}})
# 5 prediction paid on fold; correct prediction first
cases.append({"name":"predicted player folds in sign phase: predictor pays the predicted player; correct prediction paid before the winner","game":"kakehiki","seats":4,
 "steps":[b("raise",1,2),b("fold",2),b("raise",3,4),b("fold",0),b("call",1),
          ev({"t":"predict","p":2,"on":3,"v":5},"E_NOT_PREDICTOR"), ev({"t":"predict","p":0,"on":2,"v":1},"E_PRED_TARGET"),
          ev({"t":"predict","p":0,"on":1,"v":10},"E_DIAL_MAX"),
          ev({"t":"predict","p":0,"on":1,"v":3}), ev({"t":"predict","p":2,"on":3,"v":5}),
          ev({"t":"predict","p":2,"on":3,"v":5},"E_PHASE"),
          ev({"t":"judge","small":False},"E_PHASE"),
          ev({"t":"sign","minus":False}), b("fold",3)|{"refused":"E_NOT_TURN"}, b("fold",1), ev({"t":"judge","small":False})],
 "expect":{"round":2,"parent":1,"hold":[14,17,18,22],"success":[0,0,5,0],"pot":4,"sign_seen":1,"judge_seen":1},
 "outcomes":[{"winners":[3],"share":4,"preds":[{"by":0,"on":1,"v":3,"res":"folded"},{"by":2,"on":3,"v":5,"res":"won","got":5}]}]})
# 6 tie
cases.append({"name":"tie: winners share the pot, the remainder stays for the next round","game":"kakehiki","seats":3,
 "steps":[b("raise",1,2),b("call",2),b("call",0), ev({"t":"sign","minus":False}), b("check",0),b("check",1),b("check",2),
          ev({"t":"judge","small":False}), b("check",0),b("check",1),b("check",2),
          ev({"t":"win","p":[]},"E_WIN_NONE"), ev({"t":"win","p":[0,0]},"E_BAD_SEAT"), ev({"t":"win","p":[0,1]})],
 "expect":{"hold":[20,20,16],"pot":4,"round":2,"parent":1},
 "outcomes":[{"winners":[0,1],"share":2,"pot_left":1}]})
# 7 judge deck third reshuffle ends the game
steps=[]
for r in range(12):
    parent = r % 2
    steps.append(b("fold",1-parent)); steps.append(ev({"t":"sign","minus":False})); steps.append(ev({"t":"judge","small":False}))
steps.append(b("fold",0)|{"refused":"E_GAME_OVER"})
cases.append({"name":"third judge-deck reshuffle (one card left each time) ends the game after 12 rounds","game":"kakehiki","seats":2,"steps":steps,
 "expect":{"phase":"over","over":"judge","judge_shuffles":3,"sign_shuffles":3,"hold":[20,20],"round":12,"pot":0}})
# 8 undo/redo across a round boundary
cases.append({"name":"undo back across the round boundary, redo, then a new action clears redo","game":"kakehiki","seats":4,
 "steps":basic+[{"undo":True}, {"redo":True}, {"undo":True}, {"undo":True}],
 "expect":{"phase":"judge_bet","turn":1,"hold":[19,19,16,19],"pot":7,"round":1,"parent":0,"judge_seen":1,"judge_shuffles":0}})
cases.append({"name":"redo after a new action is refused","game":"kakehiki","seats":4,
 "steps":basic+[{"undo":True}, ev({"t":"win","p":[0]}), {"redo":True,"refused":"E_NOTHING_TO_REDO"}],
 "expect":{"hold":[32,13,15,16],"success":[0,0,0,0],"pot":4,"round":2}})
cases.append({"name":"undo down to the start of the game, then nothing more to undo","game":"kakehiki","seats":3,
 "steps":[b("fold",1),b("fold",2),ev({"t":"sign","minus":True}),ev({"t":"judge","small":False}),
          {"undo":True},{"undo":True},{"undo":True},{"undo":True},{"undo":True,"refused":"E_NOTHING_TO_UNDO"}],
 "expect":{"hold":[19,19,19],"pot":3,"round":1,"phase":"select","turn":1,"dial":[1,0,0],"sign_seen":0}})
# 9 fold by a doubly-predicted player in judge phase; early end with both decks revealed pays at once
cases.append({"name":"two predictions on a player who folds in the judge phase; last player in wins at once","game":"kakehiki","seats":5,
 "steps":[b("raise",1,2),b("fold",2),b("fold",3),b("call",4),b("fold",0),b("call",1)|{"refused":"E_PHASE"},
          ev({"t":"predict","p":0,"on":4,"v":2}), ev({"t":"predict","p":2,"on":4,"v":4}), ev({"t":"predict","p":3,"on":1,"v":1}),
          ev({"t":"sign","minus":False}), b("check",1), b("check",4),
          ev({"t":"judge","small":True}), b("raise",1,3), b("fold",4)],
 "expect":{"round":2,"parent":1,"hold":[15,25,14,18,22],"success":[0,0,0,1,0],"pot":5,"judge_shuffles":1},
 "outcomes":[{"winners":[1],"preds":[{"by":0,"on":4,"v":2,"res":"folded"},{"by":2,"on":4,"v":4,"res":"folded"},{"by":3,"on":1,"v":1,"res":"won","got":1}],"share":7}]})
# 10 prediction larger than what is left in the pot
cases.append({"name":"correct predictions are paid in prediction order only as far as the pot allows","game":"kakehiki","seats":3,
 "steps":[b("fold",1),b("raise",2,2),b("call",0), ev({"t":"predict","p":1,"on":2,"v":9}),
          ev({"t":"sign","minus":False}), b("check",0), b("check",2), ev({"t":"judge","small":False}), b("check",0), b("check",2),
          ev({"t":"win","p":[2]})],
 "expect":{"hold":[16,18,18],"success":[0,5,0],"pot":3,"round":2},
 "outcomes":[{"winners":[2],"share":0,"preds":[{"by":1,"on":2,"v":9,"res":"won","got":5}]}]})
# settings
cases.append({"name":"settings out of range are refused","call":"kinds.kakehiki.rules:check_settings","args":[{"start":1,"dial_max":9},4],"refused":"E_SETTING_RANGE"})
cases.append({"name":"dial max 0 is refused","call":"kinds.kakehiki.rules:check_settings","args":[{"start":20,"dial_max":0},4],"refused":"E_SETTING_RANGE"})
cases.append({"name":"defaults","call":"kinds.kakehiki.rules:default_settings","args":[],"expect":{"start":20,"dial_max":9}})
json.dump({"cases":cases}, open("tests/kinds/kakehiki/vectors/rounds.json","w"), ensure_ascii=False, indent=1)
